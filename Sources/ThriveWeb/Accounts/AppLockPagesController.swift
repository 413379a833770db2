import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// The app lock in the browser: the lock screen (`/unlock`, also drawn over the page by
/// `applock.js`, which keeps the page as it was), closing it (`/lock`), and its setting and PIN
/// under Profile › Sign-in and security.
struct AppLockPagesController {
    let services: AppServices
    static let bodyLimit = 64 * 1024

    struct LockPage: Sendable {
        let next: String
        let ways: AppLockService.Ways
        var lockErrors = FormErrors()
    }

    struct UnlockRequest: Codable {
        enum Method: String, Codable { case password, pin }
        let method: Method
        let secret: String
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("unlock") { request, context -> Response in
            let (userID, session) = try signedIn(context)
            let next = Self.next(request.uri.queryParameters["next"].map(String.init))
            guard context.locked else { return .redirect(to: next, type: .normal) }
            let ways = try await services.appLock.ways(for: userID, session: session)
            var page = LockPage(next: next, ways: ways)
            // Back from Google or Apple without the lock opened.
            if let failed = request.uri.queryParameters["failed"].map(String.init),
                let key = failed == "notYours" ? "social.notYours" : SecurityPagesController.problems[failed]
            {
                let brand = request.uri.queryParameters["provider"].flatMap { SocialProvider(rawValue: String($0)) }?.brand ?? ""
                page.lockErrors.add("provider", t(key, ["provider": brand]))
            }
            return render(page, context)
        }

        router.post("unlock") { request, context -> Response in
            var request = request
            let (userID, session) = try signedIn(context)
            let isJSON = request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true
            let body: UnlockRequest
            var next = "/"
            if isJSON {
                body = try await StrictJSON.decode(UnlockRequest.self, from: request, context: context, limit: Self.bodyLimit)
            } else {
                let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
                next = Self.next(form["next"])
                body = UnlockRequest(method: form["method"] == "pin" ? .pin : .password, secret: form["secret"] ?? "")
            }
            do {
                switch body.method {
                case .password: try await services.appLock.unlock(password: body.secret, for: userID, session: session)
                case .pin: try await services.appLock.unlock(pin: body.secret, for: userID, session: session)
                }
            } catch {
                let problem = Self.problem(error, method: body.method, now: services.now())
                guard let problem else { throw error }
                if isJSON { throw problem }
                var page = LockPage(next: next, ways: try await services.appLock.ways(for: userID, session: session))
                page.lockErrors.add(body.method == .pin ? "pin" : "secret", problem.message)
                var response = render(page, context, status: problem.status)
                if let retryAfter = problem.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
                return response
            }
            return isJSON ? Response(status: .noContent) : .redirect(to: next, type: .normal)
        }

        router.get("unlock/ways") { _, context -> Response in
            let (userID, session) = try signedIn(context)
            return try jsonResponse(try await services.appLock.ways(for: userID, session: session))
        }

        router.post("lock") { request, context -> Response in
            let (userID, session) = try signedIn(context)
            try await services.appLock.lock(session: session)
            // "Lock now" on the security page without scripts: straight to the lock screen.
            guard ErrorMiddleware.wantsJSON(request) else {
                return .redirect(to: "/unlock?next=" + SecurityPagesController.path, type: .normal)
            }
            return try jsonResponse(try await services.appLock.ways(for: userID, session: session))
        }

        // The page script's sign of use; the session middleware has recorded it already.
        router.post("lock/active") { _, context -> Response in
            _ = try signedIn(context)
            if context.locked { throw AppError(status: AppLockMiddleware.locked, code: "locked", message: t("lock.api")) }
            return Response(status: .noContent)
        }

        router.post("unlock/passkey/options") { request, context -> Response in
            let (userID, session) = try signedIn(context)
            do {
                let (options, ticket) = try await services.appLock.passkeyOptions(
                    for: userID, session: session, site: try WebAuthn.site(services.configuration, for: request))
                var response = try jsonResponse(options)
                response.setCookie(PasskeyCeremony.cookie(ticket, secure: services.configuration.usesTLS))
                return response
            } catch AppLockService.Refusal.passwordNeeded {
                throw Self.passwordNeeded
            }
        }

        router.post("unlock/passkey") { request, context -> Response in
            let (userID, session) = try signedIn(context)
            let assertion = try await StrictJSON.decode(
                PasskeyService.Assertion.self, from: request, context: context, limit: Self.bodyLimit)
            do {
                try await services.appLock.unlock(
                    passkey: assertion, ticket: request.cookies[PasskeyCeremony.cookieName]?.value, for: userID,
                    session: session, site: try WebAuthn.site(services.configuration, for: request))
            } catch AppLockService.Refusal.passwordNeeded {
                throw Self.passwordNeeded
            }
            var response = Response(status: .noContent)
            response.setCookie(PasskeyCeremony.cookie("", secure: services.configuration.usesTLS))
            return response
        }

        router.post("unlock/passkey/failed") { _, context -> Response in
            let (userID, session) = try signedIn(context)
            try await services.appLock.failedPasskey(session: session)
            return try jsonResponse(try await services.appLock.ways(for: userID, session: session))
        }

        let settings = String(SecurityPagesController.path.dropFirst()) + "/app-lock"
        router.post(RouterPath(settings)) { request, context -> Response in
            var request = request
            let (userID, _) = try signedIn(context)
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            try await services.appLock.setMinutes(try AppLock.minutes(from: form["lockMinutes"] ?? ""), for: userID)
            return .redirect(to: SecurityPagesController.path + "?done=lockSaved#app-lock-title", type: .normal)
        }

        router.post(RouterPath(settings + "/pin")) { request, context -> Response in
            var request = request
            let (userID, _) = try signedIn(context)
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            var errors = FormErrors()
            do {
                try await services.appLock.setPIN(
                    form["pin"] ?? "", confirmation: form["confirmPin"] ?? "", password: form["pinPassword"] ?? "", for: userID)
                return .redirect(to: SecurityPagesController.path + "?done=pinSet#app-lock-title", type: .normal)
            } catch let error as ValidationError where error.field == "currentPassword" {
                errors.add("pinPassword", t("lock.wrongPassword"))
            } catch let error as ValidationError {
                errors.add(error)
            } catch let refusal as LoginRefusal {
                errors.add("pinPassword", Self.problem(refusal, method: .password, now: services.now())?.message ?? "")
            }
            return try await SecurityPagesController(services: services).rendered(
                context, errors: errors, status: .unprocessableContent)
        }

        router.post(RouterPath(settings + "/pin/remove")) { _, context -> Response in
            let (userID, _) = try signedIn(context)
            try await services.appLock.removePIN(for: userID)
            return .redirect(to: SecurityPagesController.path + "?done=pinRemoved#app-lock-title", type: .normal)
        }
    }

    private func signedIn(_ context: AppRequestContext) throws -> (UserID, String) {
        guard let identity = context.identity, case .session(let tokenHash) = identity.credential else {
            throw AppError(status: .unauthorized, code: "unauthenticated", message: t("lock.signedOut"))
        }
        return (identity.userID, tokenHash)
    }

    static let passwordNeeded = AppError(status: .forbidden, code: "password_needed", message: t("lock.passwordNeeded"))

    /// What to tell the person about a failed try; nil for errors that are not theirs.
    static func problem(_ error: any Error, method: UnlockRequest.Method, now: Date) -> AppError? {
        switch error {
        case let refusal as LoginRefusal:
            return AuthAPIController.error(for: refusal, now: now)
        case let error as ValidationError where error.field == "currentPassword":
            return AppError(status: .unauthorized, code: "wrong_password", message: t("lock.wrongPassword"), field: "secret")
        case AppLockService.Refusal.wrongPIN(let left):
            return AppError(
                status: .unauthorized, code: "wrong_pin", message: t(Phrase("lock.wrongPIN", ["count": .integer(left)])),
                field: "pin")
        case AppLockService.Refusal.passwordNeeded:
            return passwordNeeded
        default:
            return nil
        }
    }

    static func next(_ text: String?) -> String {
        guard let text, LocalPath.isSafe(text), !text.hasPrefix("/unlock") else { return "/" }
        return text
    }

    private func render(_ page: LockPage, _ context: AppRequestContext, status: HTTPResponse.Status = .ok) -> Response {
        services.renderer.render(
            "lock", chrome: Chrome(title: t("lock.title"), context: context, tab: .setup), content: page, status: status)
    }
}
