import Foundation
import ThriveCore

/// Thrive as registered with one OpenID Connect provider by the operator: its client id and how
/// it proves itself at the token endpoint.
public struct OpenIDApp: Sendable, Hashable {
    public enum ClientSecret: Sendable, Hashable {
        /// Google: a secret string from its console.
        case shared(String)
        /// Apple: a short ES256 JWT signed with a key from the developer account (its .p8 file).
        case appleKey(teamID: String, keyID: String, keyPEM: String)
    }

    public let provider: SocialProvider
    public var issuer: String
    public let clientID: String
    public let secret: ClientSecret

    public init(provider: SocialProvider, clientID: String, secret: ClientSecret, issuer: String? = nil) {
        self.provider = provider
        self.clientID = clientID
        self.secret = secret
        self.issuer = issuer ?? provider.defaultIssuer
    }

    /// The issuer's origin, where the person is sent to consent (for the CSP's form-action).
    var origin: String? {
        guard let url = URL(string: issuer), let scheme = url.scheme, let host = url.host else { return nil }
        return "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }
}

/// The providers the operator registered Thrive with; the sign-in buttons show only for these.
public struct SocialSignInConfiguration: Sendable, Hashable {
    public var apps: [SocialProvider: OpenIDApp] = [:]

    public init(apps: [SocialProvider: OpenIDApp] = [:]) {
        self.apps = apps
    }

    public var offered: [SocialProvider] { SocialProvider.allCases.filter { apps[$0] != nil } }

    var origins: [String] { offered.compactMap { apps[$0]?.origin } }

    typealias Variable = AppConfiguration.Variable

    init(_ value: (Variable) -> String?) throws(ConfigurationError) {
        if try AppConfiguration.allOrNone([.googleClientID, .googleClientSecret], value),
            let id = value(.googleClientID), let secret = value(.googleClientSecret)
        {
            apps[.google] = OpenIDApp(
                provider: .google, clientID: id, secret: .shared(secret),
                issuer: try Self.issuer(value(.googleIssuer), source: .googleIssuer))
        }
        if try AppConfiguration.allOrNone(
            [.appleClientID, .appleTeamID, .appleKeyID, .appleKeyFile], value),
            let id = value(.appleClientID), let team = value(.appleTeamID), let keyID = value(.appleKeyID),
            let file = value(.appleKeyFile)
        {
            guard let pem = try? String(contentsOfFile: file, encoding: .utf8), pem.contains("PRIVATE KEY") else {
                throw ConfigurationError("\(Variable.appleKeyFile.rawValue) must name a readable .p8 key (PEM, P-256).")
            }
            apps[.apple] = OpenIDApp(
                provider: .apple, clientID: id, secret: .appleKey(teamID: team, keyID: keyID, keyPEM: pem),
                issuer: try Self.issuer(value(.appleIssuer), source: .appleIssuer))
        }
    }

    /// An issuer other than the provider's own (a test's stub, a proxy): https, or plain http on
    /// this machine only, never elsewhere in clear.
    static func issuer(_ text: String?, source: Variable) throws(ConfigurationError) -> String? {
        guard let text else { return nil }
        let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
        guard let url = URL(string: trimmed), let host = url.host,
            url.scheme == "https" || (url.scheme == "http" && ["127.0.0.1", "localhost", "::1"].contains(host))
        else { throw ConfigurationError("\(source.rawValue) must be an https:// address (http:// only on 127.0.0.1).") }
        return trimmed
    }
}
