import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// "Continue with Google / Apple" on the login and sign-up pages, linking from Profile › Sign-in
/// and security, the provider's way back (`/auth/{provider}/callback`, a redirect from Google, a
/// form post from Apple), and the account-conflict page of spec 003 FR-089.
struct SocialSignInPagesController {
    let services: AppServices
    static let conflictPath = "/auth/conflict"

    var social: SocialSignInService { services.socialSignIn }

    struct ConflictPage: Sendable {
        /// The address the provider gave, which an account here already has.
        let email: String
        let hasAccount: Bool
        let title: String
        let lead: String
        let linkLead: String
        let linkButton: String
        let newLead: String
        var newEmail = ""
        var errors = FormErrors()

        init(brand: String, email: String, hasAccount: Bool) {
            self.email = email
            self.hasAccount = hasAccount
            title = t(hasAccount ? "social.conflictTitle" : "social.emailTitle")
            lead = t(hasAccount ? "social.conflictLead" : "social.emailLead", ["provider": brand, "email": email])
            linkLead = t("social.linkLead", ["provider": brand, "email": email])
            linkButton = t("social.linkButton", ["provider": brand, "email": email])
            newLead = t("social.newLead", ["provider": brand, "email": email])
        }
    }

    /// Where the provider sends the person back: the public address, or the one asked (the same
    /// for the start and the exchange, as OAuth requires).
    static func redirectURI(_ provider: SocialProvider, _ request: Request, _ configuration: AppConfiguration) -> String {
        DevicePagesController.redirectURI("/auth/\(provider.rawValue)/callback", request, configuration)
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.post("auth/:provider") { request, context -> Response in
            var request = request
            let client = try social.client(context.parameters.get("provider"))
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            var intent = SocialSignIn.Intent.signIn
            if let asked = form["intent"], asked == "link" || asked == "unlock" {
                guard let userID = context.identity?.userID else { return context.toLogin }
                intent = asked == "link" ? .link(userID) : .unlock(userID)
            }
            // A locked session may only open its lock here (the lock middleware lets these paths through).
            if context.locked, case .unlock = intent {
            } else if context.locked {
                return .redirect(to: "/unlock", type: .normal)
            }
            let provider = client.app.provider
            let next = form["next"].flatMap { LocalPath.isSafe($0) ? $0 : nil }
            do {
                let (url, ticket) = try await social.start(
                    client, intent: intent, timeZone: form.text("timeZone"), next: next,
                    redirectURI: Self.redirectURI(provider, request, services.configuration))
                var response = Response.redirect(to: url.absoluteString, type: .normal)
                response.setCookie(SocialSignInTicket.cookie(ticket, secure: services.configuration.usesTLS))
                return response
            } catch {
                return .redirect(to: Self.failure(intent, "unavailable", provider), type: .normal)
            }
        }

        router.get("auth/:provider/callback") { request, context -> Response in
            let query = request.uri.queryParameters
            return try await callback(
                request, context, fields: { name in query[name[...]].map(String.init) })
        }

        // Apple's `form_post`: a cross-site POST with no CSRF token (the ticket's state is the check).
        router.post("auth/:provider/callback") { request, context -> Response in
            var request = request
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            return try await callback(request, context, fields: { form[$0] })
        }

        router.get(RouterPath(String(Self.conflictPath.dropFirst()))) { request, context -> Response in
            guard let identity = pendingIdentity(request) else {
                return .redirect(to: "/login?notice=social-expired", type: .normal)
            }
            return try await conflict(identity, context)
        }

        // (a) The account's password proves the person owns it; then the provider account is linked.
        router.post(RouterPath(String(Self.conflictPath.dropFirst()) + "/link")) { request, context -> Response in
            var request = request
            guard let identity = pendingIdentity(request), let email = identity.email else {
                return .redirect(to: "/login?notice=social-expired", type: .normal)
            }
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            var errors = FormErrors()
            var status = HTTPResponse.Status.unauthorized
            var retryAfter: Int?
            do {
                let signIn = try await services.accounts.authenticate(
                    email: email, password: form["password"] ?? "", clientAddress: context.clientAddress,
                    deviceToken: request.cookies[KnownDevice.cookieName]?.value)
                if try await services.twoFactor.isEnabled(signIn.account.id) {
                    var pending = PendingSignIn(userID: signIn.account.id, deviceToken: signIn.deviceToken, now: services.now())
                    pending.identity = identity
                    var response = Response.redirect(to: "/login/code", type: .normal)
                    response.setCookie(
                        PendingSignIn.cookie(
                            pending.sealed(try social.vault()), secure: services.configuration.usesTLS))
                    return response
                }
                return try await linkAndSignIn(identity, signIn.account.id, deviceToken: signIn.deviceToken, request: request)
            } catch let refusal as LoginRefusal {
                let error = AuthAPIController.error(for: refusal, now: services.now())
                errors.add("password", error.message)
                (status, retryAfter) = (error.status, error.retryAfter)
            }
            var response = try await conflict(identity, context, errors: errors, status: status)
            if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
            return response
        }

        // (b) Another address: a new account for the provider account, separate from the one found.
        router.post(RouterPath(String(Self.conflictPath.dropFirst()) + "/new")) { request, context -> Response in
            var request = request
            guard let identity = pendingIdentity(request) else {
                return .redirect(to: "/login?notice=social-expired", type: .normal)
            }
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            let email = form.text("newEmail") ?? ""
            var errors = FormErrors()
            do {
                return try await newAccount(identity, email: email, request: request)
            } catch let error as ValidationError {
                errors.add("newEmail", t(error.phrase))
            } catch StoreError.conflict(let field) where field != "identity" {
                errors.add("newEmail", t("social.emailTaken"))
            }
            return try await conflict(identity, context, newEmail: email, errors: errors, status: .unprocessableContent)
        }

        router.post(RouterPath(String(SecurityPagesController.path.dropFirst()) + "/sign-in-with/:provider/unlink")) {
            _, context -> Response in
            guard let userID = context.identity?.userID else { return context.toLogin }
            // Not through the configured clients: a link stays removable after the operator drops a provider.
            guard let provider = context.parameters.get("provider").flatMap(SocialProvider.init(rawValue:)) else {
                throw AppError.notFound()
            }
            do {
                try await social.unlink(provider, of: userID)
            } catch let error as AppError where error.code == "last_way_in" {
                return .redirect(
                    to: SecurityPagesController.path + "?failed=lastWayIn&provider=\(provider.rawValue)", type: .normal)
            }
            return .redirect(to: SecurityPagesController.path + "?done=unlinked&provider=\(provider.rawValue)", type: .normal)
        }
    }

    private func callback(
        _ request: Request, _ context: AppRequestContext, fields: (String) -> String?
    ) async throws -> Response {
        let client = try social.client(context.parameters.get("provider"))
        let provider = client.app.provider
        guard let ticket = social.ticket(request.cookies[SocialSignInTicket.cookieName]?.value) else {
            return .redirect(to: "/login?notice=social-expired&provider=\(provider.rawValue)", type: .normal)
        }
        if context.locked, case .unlock = ticket.intent {
        } else if context.locked {
            return .redirect(to: "/unlock", type: .normal)
        }
        var response: Response
        // The person said no, or closed the provider's page (RFC 6749 §4.1.2.1).
        if fields("error") != nil {
            response = .redirect(to: Self.failure(ticket.intent, "cancelled", provider), type: .normal)
        } else {
            do {
                let (identity, outcome) = try await social.finish(
                    client, code: fields("code") ?? "", state: fields("state") ?? "", ticket: ticket,
                    redirectURI: Self.redirectURI(provider, request, services.configuration),
                    name: fields("user").flatMap(Self.appleName))
                response = try await finished(identity, outcome, ticket: ticket, request: request, context: context)
            } catch let failure as OpenIDFailure {
                response = .redirect(
                    to: Self.failure(ticket.intent, failure == .unavailable ? "unavailable" : "failed", provider), type: .normal)
            }
        }
        response.setCookie(SocialSignInTicket.cookie("", secure: services.configuration.usesTLS))
        return response
    }

    private func finished(
        _ identity: PendingIdentity, _ outcome: SocialSignInOutcome, ticket: SocialSignInTicket, request: Request,
        context: AppRequestContext
    ) async throws -> Response {
        let provider = identity.provider.rawValue
        switch outcome {
        case .unlock(let userID):
            guard context.identity?.userID == userID, let session = context.sessionTokenHash else { return context.toLogin }
            let time = services.now()
            try await services.store.write { try await $0.sessions.unlock(tokenHash: session, at: time) }
            return .redirect(to: ticket.next ?? "/", type: .normal)
        case .notYours:
            return .redirect(to: Self.failure(ticket.intent, "notYours", identity.provider), type: .normal)
        case .signIn(let userID):
            let deviceToken = try await services.accounts.rememberDevice(
                for: userID, presented: request.cookies[KnownDevice.cookieName]?.value)
            if try await services.twoFactor.isEnabled(userID) {
                let pending = PendingSignIn(userID: userID, deviceToken: deviceToken, now: services.now())
                var response = Response.redirect(to: "/login/code", type: .normal)
                response.setCookie(
                    PendingSignIn.cookie(pending.sealed(try social.vault()), secure: services.configuration.usesTLS))
                return response
            }
            return try await AuthPagesController(services: services).signedIn(
                userID, deviceToken: deviceToken, request: request, to: Invitation.pending(request) ?? "/")
        case .createAccount:
            do {
                return try await newAccount(identity, email: identity.email ?? "", request: request)
            } catch StoreError.conflict(let field) where field != "identity" {
                return try withPendingIdentity(identity)  // the address was taken meanwhile: ask
            }
        case .conflict, .needsEmail:
            return try withPendingIdentity(identity)
        case .link(let userID):
            try await social.link(identity, to: userID)
            return .redirect(to: SecurityPagesController.path + "?done=linked&provider=\(provider)", type: .normal)
        case .alreadyLinkedHere:
            return .redirect(to: SecurityPagesController.path + "?done=linked&provider=\(provider)", type: .normal)
        case .linkedElsewhere:
            return .redirect(to: SecurityPagesController.path + "?failed=linkedElsewhere&provider=\(provider)", type: .normal)
        case .providerTaken:
            return .redirect(to: SecurityPagesController.path + "?failed=providerTaken&provider=\(provider)", type: .normal)
        }
    }

    /// Links after the password (and the code, when two-step sign-in is on) and signs in.
    func linkAndSignIn(_ identity: PendingIdentity, _ userID: UserID, deviceToken: String, request: Request) async throws
        -> Response
    {
        do {
            try await social.link(identity, to: userID)
        } catch StoreError.conflict {
            // Linked meanwhile (another tab): to this account it is fine, to another it is refused.
            let owner = try await services.store.read {
                try await $0.accountIdentities.owner(identity.provider, subject: identity.subject)
            }
            guard owner == userID else {
                throw AppError(
                    status: .conflict, code: "conflict",
                    message: t("social.linkedElsewhere", ["provider": identity.provider.brand]))
            }
        }
        var response = try await AuthPagesController(services: services).signedIn(
            userID, deviceToken: deviceToken, request: request,
            to: SecurityPagesController.path + "?done=linked&provider=\(identity.provider.rawValue)")
        response.setCookie(PendingIdentity.cookie("", secure: services.configuration.usesTLS))
        return response
    }

    private func newAccount(_ identity: PendingIdentity, email: String, request: Request) async throws -> Response {
        let (session, deviceToken) = try await social.createAccount(
            for: identity, email: email, device: BrowserName(userAgent: request.headers[.userAgent]), sessions: services.sessions)
        var response = Response.redirect(to: "/", type: .normal)
        response.setCookie(SessionCookie.make(token: session, secure: services.configuration.usesTLS))
        response.setCookie(KnownDevice.cookie(token: deviceToken, secure: services.configuration.usesTLS))
        response.setCookie(PendingIdentity.cookie("", secure: services.configuration.usesTLS))
        return response
    }

    private func withPendingIdentity(_ identity: PendingIdentity) throws -> Response {
        var response = Response.redirect(to: Self.conflictPath, type: .normal)
        response.setCookie(
            PendingIdentity.cookie(identity.sealed(try social.vault()), secure: services.configuration.usesTLS))
        return response
    }

    private func pendingIdentity(_ request: Request) -> PendingIdentity? {
        guard let text = request.cookies[PendingIdentity.cookieName]?.value, let vault = try? social.vault() else {
            return nil
        }
        return PendingIdentity.opened(text, vault, at: services.now())
    }

    private func conflict(
        _ identity: PendingIdentity, _ context: AppRequestContext, newEmail: String = "", errors: FormErrors = FormErrors(),
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        var hasAccount = false
        if let email = identity.email, identity.emailVerified, let address = try? EmailAddress(email) {
            hasAccount = try await services.store.read { try await $0.accounts.find(email: address) } != nil
        }
        var page = ConflictPage(brand: identity.provider.brand, email: identity.email ?? "", hasAccount: hasAccount)
        page.newEmail = newEmail
        page.errors = errors
        return services.renderer.render(
            "social-conflict", chrome: Chrome(title: page.title, context: context),
            content: page, status: status)
    }

    /// Where a flow that did not finish goes: a link back to Profile, a sign-in back to the login page.
    static func failure(_ intent: SocialSignIn.Intent, _ reason: String, _ provider: SocialProvider) -> String {
        switch intent {
        case .link: SecurityPagesController.path + "?failed=\(reason)&provider=\(provider.rawValue)"
        case .unlock: "/unlock?failed=\(reason)&provider=\(provider.rawValue)"
        case .signIn: "/login?notice=social-\(reason)&provider=\(provider.rawValue)"
        }
    }

    /// Apple sends the name once, as JSON beside the code: `{"name":{"firstName":…,"lastName":…}}`.
    static func appleName(_ json: String) -> String? {
        struct User: Decodable {
            struct Name: Decodable {
                let firstName: String?
                let lastName: String?
            }
            let name: Name?
        }
        guard let user = try? JSONDecoder().decode(User.self, from: Data(json.utf8)), let name = user.name else { return nil }
        let whole = [name.firstName, name.lastName].compactMap { $0?.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
        return whole.isEmpty ? nil : whole
    }
}
