import Crypto
import Foundation

/// Token-based APNs: the team's signing key (a `.p8` file), its key id, the team id and the app's
/// bundle id (the topic). Off unless all are configured.
public struct APNsConfiguration: Sendable {
    public var keyID: String
    public var teamID: String
    public var topic: String
    public var key: P256.Signing.PrivateKey
    /// `https://api.push.apple.com`, or `https://api.sandbox.push.apple.com` for development builds.
    public var baseURL: String

    public static let production = "https://api.push.apple.com"

    public init(keyID: String, teamID: String, topic: String, key: P256.Signing.PrivateKey, baseURL: String = production) {
        self.keyID = keyID
        self.teamID = teamID
        self.topic = topic
        self.key = key
        self.baseURL = baseURL
    }
}
