import Foundation

/// The hosted coach an operator set up: Anthropic's Messages API. Off unless a key is given, and
/// even then used only for the people who pick it in their settings.
public struct HostedCoachConfiguration: Sendable, Hashable, CustomStringConvertible {
    public var apiKey: String
    public var model: String
    /// `https://…`; plain `http://` only to this machine (a test double or a local proxy).
    public var baseURL: String
    public var timeoutSeconds: Int

    public static let defaultModel = "claude-sonnet-4-5"
    public static let defaultURL = "https://api.anthropic.com"

    public init(apiKey: String, model: String = defaultModel, baseURL: String = defaultURL, timeoutSeconds: Int = 20) {
        self.apiKey = apiKey
        self.model = model
        self.baseURL = baseURL
        self.timeoutSeconds = timeoutSeconds
    }

    /// Never the key: this is what logs and `--help` may show.
    public var description: String { "Anthropic \(model) at \(baseURL)" }

    static func checkedURL(_ text: String, source: String) throws(ConfigurationError) -> String {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else {
            throw ConfigurationError("\(source) must be an address such as \(defaultURL), not “\(text)”.")
        }
        let local = ["127.0.0.1", "localhost", "::1"].contains(host)
        guard scheme == "https" || (scheme == "http" && local) else {
            throw ConfigurationError("\(source) must use https:// (plain http:// only to 127.0.0.1), not “\(text)”.")
        }
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }
}
