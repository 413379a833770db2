import Foundation
import ThriveCore
import ThriveImport
import ThriveStore

/// Connected devices end to end: spec 004's OAuth relay (start, callback, relay, disconnect) and
/// the pulls that follow. Provider tokens exist in memory only while a step needs them and are
/// wiped after; what is kept to pull again is the refresh token, sealed with the operator's key.
struct DeviceServices: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator
    let configuration: DeviceConfiguration
    /// Where the sealing key is kept when the configuration has none.
    let keyFile: URL
    let transport: any ProviderTransport

    init(
        store: Store, now: Now, ids: IDGenerator, configuration: DeviceConfiguration, dataDirectory: String,
        transport: any ProviderTransport = HTTPProviderTransport()
    ) {
        self.store = store
        self.now = now
        self.ids = ids
        self.configuration = configuration
        keyFile = URL(fileURLWithPath: dataDirectory).appendingPathComponent("device-token.key")
        self.transport = transport
    }

    static let statePurpose = "oauth state"
    static let handlePurpose = "oauth handle"

    func vault() throws -> TokenVault {
        do { return try TokenVault.load(configured: configuration.key, file: keyFile) } catch {
            throw AppError(status: .serviceUnavailable, code: "devices_unavailable", message: t("devices.noKey"))
        }
    }

    func client(_ provider: DeviceProvider) throws -> OAuthClient {
        guard let app = configuration.apps[provider] else {
            throw AppError(
                status: .notFound, code: "not_found", message: t("devices.notOffered", ["provider": provider.brand]))
        }
        return OAuthClient(app: app, transport: transport)
    }

    static func provider(_ text: String?) throws -> DeviceProvider {
        guard let text, let provider = DeviceProvider(rawValue: text) else {
            let names = DeviceProvider.allCases.map(\.rawValue).joined(separator: ", ")
            throw AppError.badRequest(t("devices.unknownProvider", ["names": names]), field: "provider")
        }
        return provider
    }

    // MARK: The relay

    /// `POST /oauth/start`: where to send the person, with a sealed state naming them, the provider
    /// and the app's PKCE challenge.
    func start(_ provider: DeviceProvider, challenge: String, returnTo: String?, redirectURI: String, for owner: UserID)
        throws -> URL
    {
        let client = try client(provider)
        guard PKCE.isChallenge(challenge) else { throw AppError.badRequest(t("devices.badChallenge"), field: "pkce_challenge") }
        if let returnTo, !Self.isAllowedReturn(returnTo) {
            throw AppError.badRequest(t("devices.badReturn"), field: "return_to")
        }
        let ticket = RelayTicket(
            owner: owner.rawValue, provider: provider, challenge: challenge, returnTo: returnTo, code: nil,
            expires: now().addingTimeInterval(RelayTicket.stateLifetime), nonce: PKCE.newVerifier())
        return client.authorizationURL(
            redirectURI: redirectURI, state: ticket.sealed(try vault(), purpose: Self.statePurpose), challenge: challenge)
    }

    /// A path on this server ("/settings/devices") or an app's own scheme ("thrive://…"): never
    /// another website, which the handle must not be sent to.
    static func isAllowedReturn(_ text: String) -> Bool {
        if text.hasPrefix("/") { return LocalPath.isSafe(text) }
        return text.lowercased().hasPrefix("thrive://")
    }

    /// `GET /oauth/callback`: the state is checked (sealed by this server, unexpired, for the
    /// signed-in person); the code comes back inside a sealed handle that only the holder of the
    /// PKCE verifier can use.
    func callback(code: String, state: String, for owner: UserID) throws -> (ticket: RelayTicket, handle: String) {
        let vault = try vault()
        guard let ticket = RelayTicket.opened(state, vault, purpose: Self.statePurpose, at: now()), ticket.owner == owner.rawValue
        else { throw AppError.badRequest(t("devices.badState"), field: "state") }
        guard !code.isEmpty, code.utf8.count <= 2_048 else { throw AppError.badRequest(t("devices.badState"), field: "code") }
        let handle = RelayTicket(
            owner: ticket.owner, provider: ticket.provider, challenge: ticket.challenge, returnTo: ticket.returnTo, code: code,
            expires: now().addingTimeInterval(RelayTicket.handleLifetime), nonce: PKCE.newVerifier())
        return (ticket, handle.sealed(vault, purpose: Self.handlePurpose))
    }

    /// `POST /oauth/relay-data`: the handle and the verifier together complete the connection —
    /// the code is exchanged, the refresh token sealed and kept, the first 30 days pulled and
    /// stored — and the tokens are wiped.
    func relay(handle: String, verifier: String, redirectURI: String, for owner: UserID) async throws -> (
        DeviceConnection, pulled: Int
    ) {
        // What a device sends is health data: none is taken before the terms are accepted.
        try await OnboardingGate.requireConsent(owner, store: store)
        let vault = try vault()
        guard let ticket = RelayTicket.opened(handle, vault, purpose: Self.handlePurpose, at: now()),
            ticket.owner == owner.rawValue, let code = ticket.code
        else { throw AppError.badRequest(t("devices.badHandle"), field: "handle") }
        guard PKCE.verify(verifier, against: ticket.challenge) else {
            throw AppError.badRequest(t("devices.badVerifier"), field: "verifier")
        }
        let client = try client(ticket.provider)
        let grant: TokenGrant
        do {
            grant = try await client.exchange(code: code, verifier: verifier, redirectURI: redirectURI)
        } catch {
            throw Self.refusal(error, ticket.provider)
        }
        defer { grant.wipe() }
        guard let refresh = grant.refresh, !refresh.isEmpty else {
            throw AppError(
                status: .badGateway, code: "provider_error",
                message: t("devices.noRefresh", ["provider": ticket.provider.brand]))
        }
        let connection = DeviceConnection(
            id: DeviceConnectionID(ids.uuid()), provider: ticket.provider, scopes: ticket.provider.scopes,
            connectedAt: now())
        let sealed = vault.seal(Data(refresh.reveal().utf8), purpose: Self.tokenPurpose(connection.id))
        let job = DevicePullJob.job(for: connection, owner: owner, at: now().addingTimeInterval(PullSchedule.interval), ids: ids)
        try await store.write { repositories in
            let devices = repositories.records(of: owner).devices
            try await devices.save(connection)
            try await devices.setSealedToken(sealed, for: connection.id)
            try await repositories.jobs.enqueue(job)
        }
        // The first pull uses the access token just granted; a failure leaves the connection to
        // the job's next try.
        let outcome = await pull(connection, access: grant.access, for: owner)
        let saved = try await store.read { try await $0.records(of: owner).devices.get(connection.id) } ?? connection
        if case .pulled(let count) = outcome { return (saved, count) }
        return (saved, 0)
    }

    static func tokenPurpose(_ id: DeviceConnectionID) -> String { "refresh token \(id)" }

    /// A provider's refusal, for the person.
    static func refusal(_ error: ProviderError, _ provider: DeviceProvider) -> AppError {
        switch error {
        case .revoked, .expired:
            AppError(
                status: .badRequest, code: "provider_refused", message: t("devices.codeRefused", ["provider": provider.brand]))
        case .rateLimited(let wait):
            AppError(
                status: .serviceUnavailable, code: "provider_busy", message: t("devices.busy", ["provider": provider.brand]),
                retryAfter: wait.map { Int($0.rounded(.up)) })
        case .unavailable, .unreadable:
            AppError(status: .badGateway, code: "provider_error", message: t("devices.unavailable", ["provider": provider.brand]))
        }
    }
}
