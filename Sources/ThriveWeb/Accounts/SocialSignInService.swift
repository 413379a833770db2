import Foundation
import ThriveCore
import ThriveImport
import ThriveStore

/// Sign-in with Google and Apple (spec 003 FR-004, FR-005, FR-088, FR-089): starting the flow,
/// finishing it into one of ``SocialSignInOutcome``, and what each outcome writes.
struct SocialSignInService: Sendable {
    let store: Store
    let now: Now
    let accounts: AccountService
    let clients: [SocialProvider: OpenIDClient]
    let vault: @Sendable () throws -> TokenVault

    init(
        store: Store, now: Now, accounts: AccountService, configuration: SocialSignInConfiguration,
        transport: any ProviderTransport = HTTPProviderTransport(timeoutSeconds: 15),
        vault: @escaping @Sendable () throws -> TokenVault
    ) {
        self.store = store
        self.now = now
        self.accounts = accounts
        self.vault = vault
        var clients: [SocialProvider: OpenIDClient] = [:]
        for (provider, app) in configuration.apps { clients[provider] = OpenIDClient(app: app, transport: transport, now: now) }
        self.clients = clients
    }

    var offered: [SocialProvider] { SocialProvider.allCases.filter { clients[$0] != nil } }

    /// The provider named in a path, if the operator set it up; otherwise 404 (no button leads there).
    func client(_ name: String?) throws -> OpenIDClient {
        guard let provider = name.flatMap(SocialProvider.init(rawValue:)), let client = clients[provider] else {
            throw AppError.notFound()
        }
        return client
    }

    /// The provider's consent address and the sealed ticket for the browser to bring back.
    func start(
        _ client: OpenIDClient, intent: SocialSignIn.Intent, timeZone: String?, next: String? = nil, redirectURI: String
    ) async throws(OpenIDFailure) -> (URL, String) {
        let verifier = PKCE.newVerifier()
        let ticket = SocialSignInTicket(
            provider: client.app.provider, state: SecretTokens.make(), nonce: SecretTokens.make(), verifier: verifier,
            intent: intent, timeZone: timeZone, next: next, expires: now() + SocialSignInTicket.lifetime)
        let url = try await client.authorizationURL(
            redirectURI: redirectURI, state: ticket.state, nonce: ticket.nonce, challenge: PKCE.challenge(for: verifier))
        guard let sealed = try? ticket.sealed(vault()) else { throw .unavailable }
        return (url, sealed)
    }

    func ticket(_ sealed: String?) -> SocialSignInTicket? {
        guard let sealed, let vault = try? vault() else { return nil }
        return SocialSignInTicket.opened(sealed, vault, at: now())
    }

    /// Checks the provider's answer against the ticket, trades the code, and decides what it means.
    /// `name`: the person's name, which Apple sends only the first time, beside the code.
    func finish(
        _ client: OpenIDClient, code: String, state: String, ticket: SocialSignInTicket, redirectURI: String, name: String?
    ) async throws -> (PendingIdentity, SocialSignInOutcome) {
        guard ticket.provider == client.app.provider, SecretTokens.constantTimeEqual(state, ticket.state) else {
            throw OpenIDFailure.badToken("state")
        }
        let payload = try await client.signIn(
            code: code, verifier: ticket.verifier, redirectURI: redirectURI, nonce: ticket.nonce)
        let identity = PendingIdentity(
            provider: ticket.provider, subject: payload.sub, email: payload.email.flatMap { try? EmailAddress($0).value },
            emailVerified: payload.emailVerified, name: name ?? payload.name, timeZone: ticket.timeZone,
            expires: now() + PendingIdentity.lifetime)
        let outcome = try await store.read { repositories in
            let owner = try await repositories.accountIdentities.owner(identity.provider, subject: identity.subject)
            var emailOwner: UserID?
            if let email = identity.email, identity.emailVerified {
                emailOwner = try await repositories.accounts.find(email: try EmailAddress(email))?.id
            }
            var hasProvider = false
            if case .link(let account) = ticket.intent {
                hasProvider = try await repositories.accountIdentities.all(for: account).contains {
                    $0.provider == identity.provider
                }
            }
            return SocialSignIn.outcome(
                ticket.intent, owner: owner, emailOwner: emailOwner, emailVerified: identity.emailVerified,
                hasProvider: hasProvider)
        }
        return (identity, outcome)
    }

    func link(_ identity: PendingIdentity, to userID: UserID) async throws {
        let time = now()
        try await store.write { try await $0.accountIdentities.link(identity.linked(to: userID, at: time)) }
    }

    /// A new account for the provider account, with no password, linked in the same transaction;
    /// `email` when the person chose another address than the provider's. The browser's device token
    /// and session come back as a password sign-up's do.
    func createAccount(
        for identity: PendingIdentity, email: String, device: BrowserName?, sessions: SessionService
    ) async throws -> (session: String, deviceToken: String) {
        let named = TimeZoneChoices.current(identity.timeZone ?? "UTC")
        let zone = TimeZoneChoices.all.contains(named) ? named : "UTC"
        var profile = Profile(displayName: identity.name, unitSystem: .metric, timeZoneIdentifier: zone)
        // A provider's name too long for a profile is left for the person to fill in.
        if (try? profile.validated(now: now())) == nil { profile.displayName = nil }
        let time = now()
        let (_, result) = try await accounts.register(email: email, password: nil, profile: profile) { repositories, account in
            try await repositories.accountIdentities.link(identity.linked(to: account.id, at: time))
            let deviceToken = SecretTokens.make()
            try await repositories.knownDevices.remember(tokenHash: SecretTokens.hash(deviceToken), for: account.id, at: time)
            return (try await sessions.start(for: account.id, in: repositories, device: device), deviceToken)
        }
        return result
    }

    /// Unlinks a provider account unless it is the last way in (FR-088).
    func unlink(_ provider: SocialProvider, of userID: UserID) async throws {
        try await store.write { repositories in
            guard let account = try await repositories.accounts.find(id: userID) else { throw AppError.notFound() }
            let identities = try await repositories.accountIdentities.all(for: userID)
            guard identities.contains(where: { $0.provider == provider }) else {
                throw AppError.notFound(t("social.notLinked", ["provider": provider.brand]))
            }
            let passkeys = try await repositories.passkeys.all(for: userID).count
            guard SocialSignIn.canUnlink(hasPassword: account.hasPassword, passkeys: passkeys, identities: identities.count)
            else {
                throw AppError(
                    status: .conflict, code: "last_way_in", message: t("social.lastWayIn", ["provider": provider.brand]))
            }
            _ = try await repositories.accountIdentities.unlink(provider, of: userID)
        }
    }
}
