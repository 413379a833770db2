import Crypto
import Foundation
import ThriveCore

/// Where one browser receives pushes (the Push API's `PushSubscription`): the push service's
/// endpoint, the browser's P-256 public key (`p256dh`) and its 16-byte authentication secret.
public struct WebPushSubscription: Hashable, Sendable {
    public let endpoint: URL
    /// The uncompressed P-256 point, 65 bytes starting 0x04.
    public let p256dh: Data
    public let auth: Data

    /// Checks a subscription as a browser sends it (base64url keys). The endpoint must be `https`
    /// (push services are); plain `http` is allowed only to this machine, for a local push service.
    public init(endpoint: String, p256dh: String, auth: String) throws(ValidationError) {
        guard endpoint.count <= 2_048, let url = URL(string: endpoint), let host = url.host, !host.isEmpty,
            url.scheme == "https" || (url.scheme == "http" && Self.loopbackHosts.contains(host))
        else { throw ValidationError(field: "deviceToken", Phrase("push.badEndpoint")) }
        guard let key = Data(base64URLEncoded: p256dh), key.count == 65, key.first == 0x04,
            (try? P256.KeyAgreement.PublicKey(x963Representation: key)) != nil
        else { throw ValidationError(field: "keys.p256dh", Phrase("push.badKey")) }
        guard let secret = Data(base64URLEncoded: auth), secret.count == 16 else {
            throw ValidationError(field: "keys.auth", Phrase("push.badAuth"))
        }
        self.endpoint = url
        self.p256dh = key
        self.auth = secret
    }

    public init(endpoint: URL, p256dh: Data, auth: Data) {
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
    }

    static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "[::1]", "::1"]
}
