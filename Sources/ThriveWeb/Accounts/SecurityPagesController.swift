import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Profile › Sign-in and security: change the password, see where the account is signed in and
/// sign one device, or all the others, out.
struct SecurityPagesController {
    let services: AppServices
    static let path = "/profile/security"

    func addRoutes(to router: Router<AppRequestContext>) {
        let route = String(Self.path.dropFirst())
        router.get(RouterPath(route)) { request, context -> Response in
            guard context.identity != nil else { return context.toLogin }
            var page = try await page(context)
            let brand = request.uri.queryParameters["provider"].flatMap { SocialProvider(rawValue: String($0)) }?.brand ?? ""
            page.notice = request.uri.queryParameters["done"].flatMap { Self.notices[String($0)] }.map {
                t($0, ["provider": brand])
            }
            page.problem = request.uri.queryParameters["failed"].flatMap { Self.problems[String($0)] }.map {
                t($0, ["provider": brand])
            }
            return render(page, context)
        }

        router.post(RouterPath(route + "/password")) { request, context -> Response in
            var request = request
            guard let userID = context.identity?.userID else { return context.toLogin }
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            var errors = FormErrors()
            let current = form["currentPassword"] ?? ""
            let new = form["password"] ?? ""
            let hasPassword = try await services.store.read { try await $0.accounts.find(id: userID) }?.hasPassword ?? true
            if current.isEmpty, hasPassword { errors.add("currentPassword", t("security.enterCurrent")) }
            if new != (form["confirmPassword"] ?? "") { errors.add("confirmPassword", t("security.confirmDiffers")) }
            if !errors.hasAny {
                do {
                    guard hasPassword else {
                        try await services.accounts.setFirstPassword(for: userID, new: new)
                        return .redirect(to: Self.path + "?done=passwordSet", type: .normal)
                    }
                    try await services.accounts.changePassword(
                        for: userID, current: current, new: new, keeping: context.sessionTokenHash, sessions: services.sessions)
                    return .redirect(to: Self.path + "?done=password", type: .normal)
                } catch let error as ValidationError {
                    errors.add(error)
                } catch let refusal as LoginRefusal {
                    errors.add("currentPassword", AuthAPIController.error(for: refusal, now: services.now()).message)
                }
            }
            return try await rendered(context, errors: errors, status: .unprocessableContent)
        }

        router.post(RouterPath(route + "/sessions/:handle/end")) { _, context -> Response in
            guard let userID = context.identity?.userID else { return context.toLogin }
            let handle = context.parameters.get("handle") ?? ""
            let ended = try await services.store.write { try await $0.sessions.delete(handle: handle, of: userID) }
            guard ended else { throw AppError.notFound(t("security.sessionGone")) }
            if Self.isCurrent(handle, context) { return .redirect(to: "/login?notice=logged-out", type: .normal) }
            return .redirect(to: Self.path + "?done=session", type: .normal)
        }

        router.post(RouterPath(route + "/apps/:family/end")) { _, context -> Response in
            guard let userID = context.identity?.userID else { return context.toLogin }
            guard let family = context.parameters.get("family").flatMap(UUID.init(uuidString:)),
                try await services.store.write({
                    try await $0.authTokens.revokeFamily(family, of: userID, at: services.now())
                })
            else { throw AppError.notFound(t("security.sessionGone")) }
            return .redirect(to: Self.path + "?done=session", type: .normal)
        }

        router.post(RouterPath(route + "/sessions/end-others")) { _, context -> Response in
            guard let userID = context.identity?.userID else { return context.toLogin }
            try await services.store.write {
                try await services.sessions.endOthers(for: userID, keeping: context.sessionTokenHash, in: $0)
            }
            return .redirect(to: Self.path + "?done=others", type: .normal)
        }
    }

    static let notices = [
        "password": "security.passwordChanged", "session": "security.sessionEnded", "others": "security.othersEnded",
        "email": "security.emailSent", "twoFactorOn": "twoFactor.turnedOn", "twoFactorOff": "twoFactor.turnedOff",
        "passkeyAdded": "passkeys.addedNotice", "passkeyRenamed": "passkeys.renamedNotice",
        "passkeyRemoved": "passkeys.removedNotice", "lockSaved": "lock.saved", "pinSet": "lock.pinSaved",
        "pinRemoved": "lock.pinRemoved", "passwordSet": "security.passwordSet", "linked": "social.linkedNotice",
        "unlinked": "social.unlinkedNotice",
    ]

    /// What `failed=…` says: a link with a provider that did not finish, or an unlink refused.
    static let problems = [
        "cancelled": "social.linkCancelled", "unavailable": "social.unavailable", "failed": "social.failed",
        "linkedElsewhere": "social.linkedElsewhere", "providerTaken": "social.providerTaken", "lastWayIn": "social.lastWayIn",
    ]

    /// The page again with a form's problems (a form of this page, or the e-mail one).
    func rendered(_ context: AppRequestContext, errors: FormErrors, status: HTTPResponse.Status) async throws -> Response {
        var page = try await page(context)
        page.errors = errors
        return render(page, context, status: status)
    }

    static func isCurrent(_ handle: String, _ context: AppRequestContext) -> Bool {
        context.sessionTokenHash.map { String($0.prefix(16)) == handle } ?? false
    }

    private func page(_ context: AppRequestContext) async throws -> SecurityPage {
        let userID = try context.requireUser()
        let now = services.now()
        let (account, factor, codesLeft, sessions, apps, passkeys, lock, zone, identities) = try await services.store.read {
            repositories in
            (
                try await repositories.accounts.find(id: userID), try await repositories.secondFactors.find(for: userID),
                try await repositories.secondFactors.unusedRecoveryCodes(for: userID),
                try await repositories.sessions.all(for: userID),
                try await repositories.authTokens.families(for: userID, at: now),
                try await repositories.passkeys.all(for: userID),
                try await services.appLock.setting(for: userID, in: repositories),
                try await repositories.records(of: userID).timeZone(),
                try await repositories.accountIdentities.all(for: userID)
            )
        }
        return SecurityPage(
            email: account?.email.value ?? "", canChangeEmail: services.configuration.push.smtp != nil,
            twoFactor: factor?.enabledAt.map { ($0, codesLeft) },
            sessions: sessions, apps: apps, passkeys: passkeys, lock: lock, current: context.sessionTokenHash, zone: zone,
            now: now,
            sessionMinutes: services.configuration.sessionIdleMinutes, hasPassword: account?.hasPassword ?? true,
            identities: identities, offered: services.socialSignIn.offered)
    }

    private func render(_ page: SecurityPage, _ context: AppRequestContext, status: HTTPResponse.Status = .ok) -> Response {
        services.renderer.render(
            "security", chrome: Chrome(title: t("security.title"), context: context, tab: .profile), content: page,
            status: status)
    }
}
