import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Sign-up, login and logout pages for the browser.
struct AuthPagesController {
    let services: AppServices

    struct LoginPage: Sendable {
        var email = ""
        var notice: String?
        var problem: String?
        var errors = FormErrors()
        /// "Continue with Google", "Continue with Apple": the providers the operator set up.
        var social: [SocialButton] = []
        var hasSocial = false
    }

    struct SignupPage: Sendable {
        struct Zone: Sendable {
            let id: String
            let selected: Bool
            /// Its old names, which a browser may still report ("Asia/Calcutta").
            let formerly: String?
        }
        var displayName = ""
        var email = ""
        var metric = true
        var timeZones: [Zone]
        var errors = FormErrors()
        var social: [SocialButton] = []
        var hasSocial = false

        init(selectedZone: String = "UTC") {
            let selected = TimeZoneChoices.current(selectedZone)
            timeZones = TimeZoneChoices.all.map {
                Zone(id: $0, selected: $0 == selected, formerly: TimeZoneChoices.formerNames[$0])
            }
            if !timeZones.contains(where: \.selected) {
                timeZones.insert(Zone(id: "UTC", selected: true, formerly: nil), at: 0)
            }
        }
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("login") { request, context -> Response in
            if context.identity != nil { return .redirect(to: "/", type: .normal) }
            var page = LoginPage()
            let notice = request.uri.queryParameters.get("notice")
            page.notice = Self.notice(notice, context: context, idleMinutes: services.configuration.sessionIdleMinutes)
            page.problem = SocialButton.problem(notice, provider: request.uri.queryParameters.get("provider"))
            return services.renderer.render(
                "login", chrome: Chrome(title: t("login.title"), context: context), content: withSocial(page))
        }

        router.post("login") { request, context -> Response in
            var request = request
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            var page = LoginPage(email: form.text("email") ?? "")
            guard let email = form.text("email"), let password = form["password"], !password.isEmpty else {
                if form.text("email") == nil { page.errors.add("email", t("auth.enterEmail")) }
                if (form["password"] ?? "").isEmpty { page.errors.add("password", t("auth.enterPassword")) }
                return services.renderer.render(
                    "login", chrome: Chrome(title: t("login.title"), context: context), content: withSocial(page),
                    status: .unprocessableContent)
            }
            do {
                let signIn = try await services.accounts.authenticate(
                    email: email, password: password, clientAddress: context.clientAddress,
                    deviceToken: request.cookies[KnownDevice.cookieName]?.value)
                if try await services.twoFactor.isEnabled(signIn.account.id) {
                    let pending = PendingSignIn(userID: signIn.account.id, deviceToken: signIn.deviceToken, now: services.now())
                    var response = Response.redirect(to: "/login/code", type: .normal)
                    response.setCookie(
                        PendingSignIn.cookie(
                            pending.sealed(try services.twoFactor.vault()), secure: services.configuration.usesTLS))
                    return response
                }
                return try await signedIn(
                    signIn.account.id, deviceToken: signIn.deviceToken, request: request,
                    to: Invitation.pending(request) ?? "/")
            } catch let error as ValidationError {
                page.errors.add(error)
                return services.renderer.render(
                    "login", chrome: Chrome(title: t("login.title"), context: context), content: withSocial(page),
                    status: .unprocessableContent)
            } catch let refusal as LoginRefusal {
                let error = AuthAPIController.error(for: refusal, now: services.now())
                page.errors.add("password", error.message)
                var response = services.renderer.render(
                    "login", chrome: Chrome(title: t("login.title"), context: context), content: withSocial(page),
                    status: error.status)
                if let retryAfter = error.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
                return response
            }
        }

        router.get("signup") { _, context -> Response in
            if context.identity != nil { return .redirect(to: "/", type: .normal) }
            return services.renderer.render(
                "signup", chrome: Chrome(title: t("signup.title"), context: context), content: withSocial(SignupPage()))
        }

        router.post("signup") { request, context -> Response in
            let device = BrowserName(userAgent: request.headers[.userAgent])
            var request = request
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            var page = SignupPage(selectedZone: form.text("timeZone") ?? "UTC")
            page.displayName = form.text("displayName") ?? ""
            page.email = form.text("email") ?? ""
            page.metric = form.text("unitSystem") != UnitSystem.imperial.rawValue
            let profile = Profile(
                displayName: form.text("displayName"),
                unitSystem: page.metric ? .metric : .imperial,
                timeZoneIdentifier: form.text("timeZone") ?? "UTC")
            // Check every field first so the person sees all problems at once, not one per attempt.
            let email = form["email"] ?? ""
            let password = form["password"] ?? ""
            do { _ = try EmailAddress(email) } catch let error as ValidationError { page.errors.add(error) }
            do { try PasswordPolicy.check(password) } catch let error as ValidationError { page.errors.add(error) }
            do { _ = try profile.validated(now: services.now()) } catch let error as ValidationError { page.errors.add(error) }
            if page.errors.hasAny {
                return services.renderer.render(
                    "signup", chrome: Chrome(title: t("signup.title"), context: context), content: withSocial(page),
                    status: .unprocessableContent)
            }
            do {
                let (_, (token, deviceToken)) = try await services.accounts.register(
                    email: email, password: password, profile: profile
                ) { repositories, account in
                    // The browser that made the account is its owner's from the start.
                    let deviceToken = SecretTokens.make()
                    try await repositories.knownDevices.remember(
                        tokenHash: SecretTokens.hash(deviceToken), for: account.id, at: services.now())
                    return (try await services.sessions.start(for: account.id, in: repositories, device: device), deviceToken)
                }
                var response = Response.redirect(to: "/", type: .normal)
                response.setCookie(SessionCookie.make(token: token, secure: services.configuration.usesTLS))
                response.setCookie(KnownDevice.cookie(token: deviceToken, secure: services.configuration.usesTLS))
                return response
            } catch let error as ValidationError {
                page.errors.add(error)
                return services.renderer.render(
                    "signup", chrome: Chrome(title: t("signup.title"), context: context), content: withSocial(page),
                    status: .unprocessableContent)
            } catch StoreError.conflict {
                page.errors.add("email", t("auth.emailTaken"))
                return services.renderer.render(
                    "signup", chrome: Chrome(title: t("signup.title"), context: context), content: withSocial(page),
                    status: .conflict)
            }
        }

        router.post("logout") { _, context -> Response in
            if case .session(let hash) = context.identity?.credential {
                try await services.sessions.end(tokenHash: hash)
            }
            var response = Response.redirect(to: "/login?notice=logged-out", type: .normal)
            response.setCookie(SessionCookie.expired(secure: services.configuration.usesTLS))
            return response
        }

        router.post("logout-everywhere") { _, context -> Response in
            let userID = try context.requireUser()
            try await services.sessions.endEverywhere(for: userID)
            var response = Response.redirect(to: "/login?notice=logged-out-everywhere", type: .normal)
            response.setCookie(SessionCookie.expired(secure: services.configuration.usesTLS))
            return response
        }
    }

    private func withSocial(_ page: LoginPage) -> LoginPage {
        var page = page
        page.social = SocialButton.all(services.socialSignIn.offered)
        page.hasSocial = !page.social.isEmpty
        return page
    }

    private func withSocial(_ page: SignupPage) -> SignupPage {
        var page = page
        page.social = SocialButton.all(services.socialSignIn.offered)
        page.hasSocial = !page.social.isEmpty
        return page
    }

    /// Starts the browser's session and sends it on: the last step of every sign-in.
    func signedIn(_ userID: UserID, deviceToken: String, request: Request, to path: String) async throws -> Response {
        let device = BrowserName(userAgent: request.headers[.userAgent])
        let token = try await services.store.write { try await services.sessions.start(for: userID, in: $0, device: device) }
        // Coming back within the fourteen days keeps the account; the person is told so.
        let kept = try await services.accountDeletion.cancel(for: userID)
        var response = Response.redirect(to: kept ? "/profile/data?done=deletionCancelled" : path, type: .normal)
        response.setCookie(SessionCookie.make(token: token, secure: services.configuration.usesTLS))
        response.setCookie(KnownDevice.cookie(token: deviceToken, secure: services.configuration.usesTLS))
        return response
    }

    static func notice(_ key: String?, context: AppRequestContext, idleMinutes: Int) -> String? {
        if context.sessionEnded {
            return t("auth.idleLength", ["length": DisplayFormat.length(minutes: idleMinutes)])
        }
        switch key {
        case "logged-out": return t("auth.loggedOut")
        case "logged-out-everywhere": return t("auth.loggedOutEverywhere")
        case "expired": return t("auth.sessionEnded")
        case "invitation": return t("auth.invitation")
        case "password-reset": return t("auth.passwordReset")
        default: return nil
        }
    }
}
