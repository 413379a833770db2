import Foundation
import ThriveCore
import ThriveImport

/// The providers an operator registered Thrive with (a client id and secret each, from the
/// environment), and the key that seals their refresh tokens at rest.
public struct DeviceConfiguration: Sendable, Hashable {
    public var apps: [DeviceProvider: ProviderApp] = [:]
    /// 32 bytes. Nil: `device-token.key` in the data directory, made on first start (one server);
    /// several servers sharing PostgreSQL must all be given the same `THRIVE_DEVICE_KEY`.
    public var key: Data?

    public init(apps: [DeviceProvider: ProviderApp] = [:], key: Data? = nil) {
        self.apps = apps
        self.key = key
    }

    /// Where "Connect" sends people: each offered provider's consent page origin, for the CSP's
    /// form-action (a form's redirect elsewhere is blocked by the browser otherwise).
    public var consentOrigins: [String] {
        var origins: [String] = []
        for provider in offered {
            guard let url = apps[provider]?.endpoints.authorize, let scheme = url.scheme, let host = url.host else { continue }
            let origin = "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
            if !origins.contains(origin) { origins.append(origin) }
        }
        return origins
    }

    /// Providers in the order Settings › Devices lists them.
    public var offered: [DeviceProvider] { DeviceProvider.allCases.filter { apps[$0] != nil } }

    typealias Variable = AppConfiguration.Variable

    static func variables(_ provider: DeviceProvider) -> (id: Variable, secret: Variable) {
        switch provider {
        case .fitbit: (.fitbitClientID, .fitbitClientSecret)
        case .oura: (.ouraClientID, .ouraClientSecret)
        case .withings: (.withingsClientID, .withingsClientSecret)
        case .googleFit: (.googleFitClientID, .googleFitClientSecret)
        case .whoop: (.whoopClientID, .whoopClientSecret)
        }
    }

    init(_ value: (Variable) -> String?) throws(ConfigurationError) {
        var base: URL?
        if let text = value(.deviceProviderURL) {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ConfigurationError("\(Variable.deviceProviderURL.rawValue) must be an http:// or https:// address.")
            }
            base = url
        }
        for provider in DeviceProvider.allCases {
            let (idVariable, secretVariable) = Self.variables(provider)
            switch (value(idVariable), value(secretVariable)) {
            case (nil, nil): continue
            case (let id?, let secret?):
                apps[provider] = ProviderApp(
                    provider: provider, clientID: id, clientSecret: secret,
                    endpoints: base.map { ProviderEndpoints.rebased(provider, on: $0) })
            default:
                throw ConfigurationError(
                    "\(idVariable.rawValue) and \(secretVariable.rawValue) go together: set both or neither.")
            }
        }
        if let text = value(.deviceKey) {
            guard let key = Data(base64Encoded: text), key.count == 32 else {
                throw ConfigurationError(
                    "\(Variable.deviceKey.rawValue) must be 32 random bytes in base64 (openssl rand -base64 32).")
            }
            self.key = key
        }
    }
}
