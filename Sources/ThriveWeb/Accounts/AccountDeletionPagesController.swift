import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Profile › Your data › Delete my account: what happens, the password and an "I understand",
/// then the page that says when the account goes and that signing in before then keeps it.
/// Apps ask with `POST /api/v1/account/deletion`.
struct AccountDeletionPagesController {
    let services: AppServices
    static let path = "/profile/data/delete"
    static let bodyLimit = 1024

    struct DeletePage: Sendable {
        /// "Your account and its data go on 10 December 2026."
        let deleteOn: String
        /// Signed out now, and (when the server sends e-mail) reminded two days before.
        var signedOutNote = ""
        var errors = FormErrors()
        /// An account made with Google or Apple confirms with a password it has to set first.
        var needsPassword = false
    }

    struct DeletionRequest: Codable {
        let password: String
    }

    struct Scheduled: Codable {
        let deleteAt: Date
        let message: String
    }

    func addRoutes(to router: Router<AppRequestContext>, api: RouterGroup<AppRequestContext>) {
        let route = RouterPath(String(Self.path.dropFirst()))
        router.get(route) { _, context -> Response in
            guard let userID = context.identity?.userID else { return context.toLogin }
            return try await page(DeletePage(deleteOn: try await deleteOn(services.now(), for: userID)), context)
        }

        router.post(route) { request, context -> Response in
            var request = request
            guard let userID = context.identity?.userID else { return context.toLogin }
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            var page = DeletePage(deleteOn: try await deleteOn(services.now(), for: userID))
            if form["understood"] != "yes" { page.errors.add("understood", t("deletion.tickToConfirm")) }
            let password = form["password"] ?? ""
            if password.isEmpty { page.errors.add("password", t("security.enterCurrent")) }
            if !page.errors.hasAny {
                do {
                    let deletion = try await services.accountDeletion.request(for: userID, password: password)
                    var response = services.renderer.render(
                        "deletion-scheduled", chrome: Chrome(title: t("deletion.scheduledTitle"), context: .signedOut(context)),
                        content: DeletePage(deleteOn: try await deleteOn(deletion.requestedAt, for: userID)))
                    response.setCookie(SessionCookie.expired(secure: services.configuration.usesTLS))
                    return response
                } catch let error as ValidationError {
                    page.errors.add("password", t(error.phrase))
                } catch let refusal as LoginRefusal {
                    page.errors.add("password", AuthAPIController.error(for: refusal, now: services.now()).message)
                }
            }
            return try await self.page(page, context, status: .unprocessableContent)
        }

        api.post("account/deletion") { request, context -> Response in
            let userID = try context.requireUser()
            let body = try await StrictJSON.decode(DeletionRequest.self, from: request, context: context, limit: Self.bodyLimit)
            do {
                let deletion = try await services.accountDeletion.request(for: userID, password: body.password)
                return try jsonResponse(
                    Scheduled(deleteAt: deletion.dueAt, message: try await deleteOn(deletion.requestedAt, for: userID)),
                    status: .accepted)
            } catch let error as ValidationError {
                throw AppError(status: .unauthorized, code: "wrong_password", message: t(error.phrase), field: "password")
            } catch let refusal as LoginRefusal {
                throw AuthAPIController.error(for: refusal, now: services.now())
            }
        }
    }

    /// The day a deletion asked for at `time` happens, in the person's time zone.
    private func deleteOn(_ time: Date, for userID: UserID) async throws -> String {
        let zone = try await services.store.read { try await $0.records(of: userID).timeZone() }
        return t("deletion.on", ["date": DisplayFormat.date(AccountDeletion(requestedAt: time).dueAt, in: zone)])
    }

    private func page(_ page: DeletePage, _ context: AppRequestContext, status: HTTPResponse.Status = .ok) async throws
        -> Response
    {
        var page = page
        if let userID = context.identity?.userID {
            page.needsPassword = !(try await services.store.read { try await $0.accounts.find(id: userID) }?.hasPassword ?? true)
        }
        page.signedOutNote = t(
            services.configuration.push.smtp == nil ? "deletion.whatSignedOutNoMail" : "deletion.whatSignedOut")
        return services.renderer.render(
            "delete-account", chrome: Chrome(title: t("deletion.title"), context: context, tab: .profile), content: page,
            status: status)
    }
}

extension AppRequestContext {
    /// The same request as one without a session: for a page shown just after signing out.
    static func signedOut(_ context: AppRequestContext) -> AppRequestContext {
        var context = context
        context.identity = nil
        context.appLock = nil
        return context
    }
}
