import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Forgotten password and change of e-mail address, by one-time links sent by e-mail:
/// `/forgot-password`, `/reset-password?token=…`, Profile › Sign-in and security › E-mail address,
/// and `/confirm-email?token=…`. A link opens a page with a button: mail scanners that follow
/// links change nothing.
struct RecoveryPagesController {
    let services: AppServices

    struct ForgotPage: Sendable {
        var email = ""
        var sent = false
        let canSend: Bool
        var errors = FormErrors()
    }

    struct ResetPage: Sendable {
        let token: String
        let usable: Bool
        var errors = FormErrors()
    }

    struct ConfirmPage: Sendable {
        let token: String
        let email: String?
        var done = false
    }

    var canSend: Bool { services.configuration.push.smtp != nil }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("forgot-password") { _, context -> Response in
            render("forgot-password", "forgot.title", ForgotPage(canSend: canSend), context)
        }

        router.post("forgot-password") { request, context -> Response in
            var request = request
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            var page = ForgotPage(email: form.text("email") ?? "", canSend: canSend)
            do {
                _ = try EmailAddress(page.email)
            } catch let error as ValidationError {
                page.errors.add(error)
                return render("forgot-password", "forgot.title", page, context, status: .unprocessableContent)
            }
            try await services.accounts.requestPasswordReset(email: page.email)
            page.sent = true
            return render("forgot-password", "forgot.title", page, context)
        }

        router.get("reset-password") { request, context -> Response in
            let token = request.uri.queryParameters["token"].map(String.init) ?? ""
            let usable = try await services.accounts.link(token, purpose: .passwordReset) != nil
            return render("reset-password", "reset.title", ResetPage(token: token, usable: usable), context)
        }

        router.post("reset-password") { request, context -> Response in
            var request = request
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            let token = form["token"] ?? ""
            var page = ResetPage(token: token, usable: true)
            let password = form["password"] ?? ""
            if password != (form["confirmPassword"] ?? "") { page.errors.add("confirmPassword", t("security.confirmDiffers")) }
            do {
                if !page.errors.hasAny {
                    try await services.accounts.resetPassword(token: token, new: password, sessions: services.sessions)
                    var response = Response.redirect(to: "/login?notice=password-reset", type: .normal)
                    response.setCookie(SessionCookie.expired(secure: services.configuration.usesTLS))
                    return response
                }
            } catch let error as ValidationError {
                page.errors.add(error)
            } catch AccountLinkRefusal.unusable {
                page = ResetPage(token: token, usable: false)
            }
            return render("reset-password", "reset.title", page, context, status: .unprocessableContent)
        }

        router.post("profile/security/email") { request, context -> Response in
            var request = request
            guard let userID = context.identity?.userID else { return context.toLogin }
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            var errors = FormErrors()
            do {
                guard canSend else { throw ValidationError(field: "newEmail", message: t("security.emailNoMail")) }
                try await services.accounts.requestEmailChange(
                    for: userID, to: form.text("newEmail") ?? "", password: form["emailPassword"] ?? "")
                return .redirect(to: SecurityPagesController.path + "?done=email", type: .normal)
            } catch let error as ValidationError {
                // The form's fields are named apart from the password form's on the same page.
                let field = ["email": "newEmail", "currentPassword": "emailPassword"][error.field] ?? error.field
                errors.add(field, error.message)
            } catch let refusal as LoginRefusal {
                errors.add("emailPassword", AuthAPIController.error(for: refusal, now: services.now()).message)
            }
            return try await SecurityPagesController(services: services).rendered(
                context, errors: errors, status: .unprocessableContent)
        }

        router.get("confirm-email") { request, context -> Response in
            let token = request.uri.queryParameters["token"].map(String.init) ?? ""
            let link = try await services.accounts.link(token, purpose: .emailChange)
            return render("confirm-email", "confirmEmail.title", ConfirmPage(token: token, email: link?.newEmail?.value), context)
        }

        router.post("confirm-email") { request, context -> Response in
            var request = request
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            let token = form["token"] ?? ""
            do {
                let email = try await services.accounts.confirmEmail(token: token)
                return render(
                    "confirm-email", "confirmEmail.title", ConfirmPage(token: "", email: email.value, done: true), context)
            } catch AccountLinkRefusal.unusable {
                return render(
                    "confirm-email", "confirmEmail.title", ConfirmPage(token: token, email: nil), context,
                    status: .unprocessableContent)
            } catch StoreError.conflict {
                throw AppError(status: .conflict, code: "conflict", message: t("security.emailTaken"), field: "email")
            }
        }
    }

    private func render<Content: Sendable>(
        _ template: String, _ title: String, _ page: Content, _ context: AppRequestContext, status: HTTPResponse.Status = .ok
    ) -> Response {
        services.renderer.render(template, chrome: Chrome(title: t(title), context: context), content: page, status: status)
    }
}
