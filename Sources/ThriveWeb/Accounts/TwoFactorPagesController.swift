import Foundation
import Hummingbird
import ThriveCore
import ThriveReports
import ThriveStore

/// Two-step sign-in in the browser: the code step after a right password (`/login/code`), and
/// Profile › Sign-in and security › Two-step sign-in: turn on with a QR code and a first code,
/// see the recovery codes once, make new ones, turn off — each with a current code.
struct TwoFactorPagesController {
    let services: AppServices
    static let setupPath = "/profile/security/two-factor"

    struct CodePage: Sendable {
        var errors = FormErrors()
    }

    struct SetupPage: Sendable {
        /// The QR code, inline SVG.
        let qrCode: String
        let key: String
        var errors = FormErrors()
    }

    struct CodesPage: Sendable {
        let codes: [String]
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("login/code") { request, context -> Response in
            guard pending(request) != nil else { return .redirect(to: "/login?notice=expired", type: .normal) }
            return render("login-code", "loginCode.title", CodePage(), context)
        }

        router.post("login/code") { request, context -> Response in
            var request = request
            guard let pending = pending(request) else { return .redirect(to: "/login?notice=expired", type: .normal) }
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            let userID = UserID(pending.userID)
            var page = CodePage()
            do {
                try await services.accounts.throttled(codeFor: userID) {
                    try await services.twoFactor.verify(for: userID, code: form["code"] ?? "")
                }
                var response: Response
                if let identity = pending.identity {
                    response = try await SocialSignInPagesController(services: services).linkAndSignIn(
                        identity, userID, deviceToken: pending.deviceToken, request: request)
                } else {
                    response = try await AuthPagesController(services: services).signedIn(
                        userID, deviceToken: pending.deviceToken, request: request, to: Invitation.pending(request) ?? "/")
                }
                response.setCookie(PendingSignIn.cookie("", secure: services.configuration.usesTLS))
                return response
            } catch TwoFactorRefusal.wrongCode {
                page.errors.add("code", t("loginCode.wrong"))
                return render("login-code", "loginCode.title", page, context, status: .unauthorized)
            } catch let refusal as LoginRefusal {
                let error = AuthAPIController.error(for: refusal, now: services.now())
                page.errors.add("code", error.message)
                var response = render("login-code", "loginCode.title", page, context, status: error.status)
                if let retryAfter = error.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
                return response
            }
        }

        router.post(RouterPath(String(Self.setupPath.dropFirst()))) { _, context -> Response in
            guard let userID = context.identity?.userID else { return context.toLogin }
            guard let account = try await services.store.read({ try await $0.accounts.find(id: userID) }) else {
                return context.toLogin
            }
            let (key, address) = try await services.twoFactor.begin(for: account)
            return setup(key: key, address: address, errors: FormErrors(), context: context)
        }

        router.post(RouterPath(String(Self.setupPath.dropFirst()) + "/confirm")) { request, context -> Response in
            var request = request
            guard let userID = context.identity?.userID else { return context.toLogin }
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            do {
                let codes = try await services.twoFactor.confirm(for: userID, code: form["code"] ?? "")
                return render("recovery-codes", "twoFactor.codesTitle", CodesPage(codes: codes), context, tab: .profile)
            } catch TwoFactorRefusal.wrongCode {
                var errors = FormErrors()
                errors.add("code", t("twoFactor.firstCodeWrong"))
                return setup(key: form["key"] ?? "", address: form["address"] ?? "", errors: errors, context: context)
            } catch TwoFactorRefusal.notEnabled {
                return .redirect(to: SecurityPagesController.path, type: .normal)
            }
        }

        router.post(RouterPath(String(Self.setupPath.dropFirst()) + "/off")) { request, context -> Response in
            try await withCode(request, context, field: "offCode") { userID, code in
                try await services.twoFactor.disable(for: userID, code: code)
                return .redirect(to: SecurityPagesController.path + "?done=twoFactorOff", type: .normal)
            }
        }

        router.post(RouterPath(String(Self.setupPath.dropFirst()) + "/codes")) { request, context -> Response in
            try await withCode(request, context, field: "codesCode") { userID, code in
                let codes = try await services.twoFactor.newRecoveryCodes(for: userID, code: code)
                return render("recovery-codes", "twoFactor.codesTitle", CodesPage(codes: codes), context, tab: .profile)
            }
        }
    }

    private func pending(_ request: Request) -> PendingSignIn? {
        guard let text = request.cookies[PendingSignIn.cookieName]?.value, let vault = try? services.twoFactor.vault() else {
            return nil
        }
        return PendingSignIn.opened(text, vault, at: services.now())
    }

    /// A security-page form that needs a current code: wrong codes (throttled) come back beside
    /// the form's own field.
    private func withCode(
        _ request: Request, _ context: AppRequestContext, field: String,
        _ body: (UserID, String) async throws -> Response
    ) async throws -> Response {
        var request = request
        guard let userID = context.identity?.userID else { return context.toLogin }
        let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
        var errors = FormErrors()
        do {
            var response: Response?
            try await services.accounts.throttled(codeFor: userID) { response = try await body(userID, form[field] ?? "") }
            if let response { return response }
        } catch TwoFactorRefusal.wrongCode {
            errors.add(field, t("loginCode.wrong"))
        } catch let refusal as LoginRefusal {
            errors.add(field, AuthAPIController.error(for: refusal, now: services.now()).message)
        }
        return try await SecurityPagesController(services: services).rendered(
            context, errors: errors, status: .unprocessableContent)
    }

    private func setup(key: String, address: String, errors: FormErrors, context: AppRequestContext) -> Response {
        let qr = QRCodeImage.svg(address, label: t("twoFactor.qrLabel")) ?? ""
        var page = SetupPage(qrCode: qr, key: key)
        page.errors = errors
        return render(
            "two-factor-setup", "twoFactor.setupTitle", page, context, tab: .profile,
            status: errors.hasAny ? .unprocessableContent : .ok)
    }

    private func render<Content: Sendable>(
        _ template: String, _ title: String, _ page: Content, _ context: AppRequestContext, tab: Tab = .none,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        services.renderer.render(
            template, chrome: Chrome(title: t(title), context: context, tab: tab), content: page, status: status)
    }
}
