import Foundation
import ThriveCore

/// A connection as the API shows it: never a token.
struct DeviceConnectionBody: Codable, Sendable {
    let provider: String
    let name: String
    let state: String
    let scopes: [String]
    let connectedAt: Date
    let lastSyncAt: Date?
    let stale: Bool
    let problem: String?
    let recordsStored: Int

    init(_ connection: DeviceConnection, at now: Date) {
        provider = connection.provider.rawValue
        name = connection.provider.brand
        state = connection.state.rawValue
        scopes = connection.scopes.map(\.rawValue)
        connectedAt = connection.connectedAt
        lastSyncAt = connection.lastSyncAt
        stale = connection.isStale(at: now)
        problem = connection.problem?.rawValue
        recordsStored = connection.recordsStored
    }
}

/// A provider the operator offers, with what connecting it shares, in the person's language.
struct OfferedProviderBody: Codable, Sendable {
    struct Scope: Codable, Sendable {
        let scope: String
        let consent: String
    }
    let provider: String
    let name: String
    let scopes: [Scope]

    init(_ provider: DeviceProvider) {
        self.provider = provider.rawValue
        name = provider.brand
        scopes = provider.scopes.map { Scope(scope: $0.rawValue, consent: t("devices.scope.\($0.rawValue)")) }
    }
}

struct StartBody: Codable {
    let provider: String
    let pkceChallenge: String
    let returnTo: String?

    enum CodingKeys: String, CodingKey {
        case provider
        case pkceChallenge = "pkce_challenge"
        case returnTo = "return_to"
    }
}

struct RelayBody: Codable {
    let handle: String
    let verifier: String
}

struct DisconnectBody: Codable {
    let provider: String
    /// Keep what the device sent (the default: nothing is deleted unless asked).
    let keepData: Bool?

    enum CodingKeys: String, CodingKey {
        case provider
        case keepData = "keep_data"
    }
}
