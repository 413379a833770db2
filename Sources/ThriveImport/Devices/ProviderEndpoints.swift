import Foundation
import ThriveCore

/// Where a provider's OAuth and data endpoints are, as each documents them.
public struct ProviderEndpoints: Sendable, Hashable {
    public var authorize: URL
    public var token: URL
    public var revoke: URL
    /// The base the data paths are relative to.
    public var api: URL

    public static func live(_ provider: DeviceProvider) -> ProviderEndpoints {
        func url(_ text: String) -> URL { URL(string: text)! }
        switch provider {
        case .fitbit:
            return ProviderEndpoints(
                authorize: url("https://www.fitbit.com/oauth2/authorize"), token: url("https://api.fitbit.com/oauth2/token"),
                revoke: url("https://api.fitbit.com/oauth2/revoke"), api: url("https://api.fitbit.com"))
        case .oura:
            return ProviderEndpoints(
                authorize: url("https://cloud.ouraring.com/oauth/authorize"), token: url("https://api.ouraring.com/oauth/token"),
                revoke: url("https://api.ouraring.com/oauth/revoke"), api: url("https://api.ouraring.com"))
        case .withings:
            return ProviderEndpoints(
                authorize: url("https://account.withings.com/oauth2_user/authorize2"),
                token: url("https://wbsapi.withings.net/v2/oauth2"), revoke: url("https://wbsapi.withings.net/v2/oauth2"),
                api: url("https://wbsapi.withings.net"))
        case .googleFit:
            return ProviderEndpoints(
                authorize: url("https://accounts.google.com/o/oauth2/v2/auth"), token: url("https://oauth2.googleapis.com/token"),
                revoke: url("https://oauth2.googleapis.com/revoke"), api: url("https://www.googleapis.com"))
        case .whoop:
            return ProviderEndpoints(
                authorize: url("https://api.prod.whoop.com/oauth/oauth2/auth"),
                token: url("https://api.prod.whoop.com/oauth/oauth2/token"),
                revoke: url("https://api.prod.whoop.com/developer/v2/user/access"), api: url("https://api.prod.whoop.com"))
        }
    }

    /// The live endpoints' paths on another server, under `/<provider>`: a local stand-in speaking
    /// the provider's protocol (tests, demos, an operator's proxy).
    public static func rebased(_ provider: DeviceProvider, on base: URL) -> ProviderEndpoints {
        let live = live(provider)
        func moved(_ url: URL) -> URL {
            base.appendingPathComponent(provider.rawValue).appendingPathComponent(String(url.path.drop { $0 == "/" }))
        }
        return ProviderEndpoints(
            authorize: moved(live.authorize), token: moved(live.token), revoke: moved(live.revoke),
            api: base.appendingPathComponent(provider.rawValue))
    }

    /// A data path with its query, under ``api``.
    func data(_ path: String, _ query: [(String, String)] = []) -> URL {
        var components = URLComponents(
            url: api.appendingPathComponent(String(path.drop { $0 == "/" })), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.percentEncodedQuery = FormEncoding.query(query) }
        return components.url!
    }
}

/// An operator's registration with a provider: the client id and secret from configuration, and
/// where the provider is.
public struct ProviderApp: Sendable, Hashable {
    public let provider: DeviceProvider
    public let clientID: String
    public let clientSecret: String
    public var endpoints: ProviderEndpoints

    public init(provider: DeviceProvider, clientID: String, clientSecret: String, endpoints: ProviderEndpoints? = nil) {
        self.provider = provider
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.endpoints = endpoints ?? .live(provider)
    }
}
