import Crypto
import Foundation

/// How notifications leave the server. Web Push needs no set-up (its key is made on first start and
/// kept in the database); APNs and e-mail are off unless configured.
public struct PushConfiguration: Sendable, Hashable {
    /// RFC 8292's `sub`: a `mailto:` or `https:` address of the operator.
    public var contact: String
    /// How long a push service may take to answer before the push is tried again later.
    public var timeoutSeconds: Int64
    public var apns: APNsSetup?
    /// `smtp://…` or `smtps://…` and the sender's address, for critical alerts not seen in 30 minutes.
    public var smtp: SMTPSetup?
    /// The address people reach Thrive at, for the link in an e-mail.
    public var publicURL: String?

    public init(contact: String = "mailto:thrive@localhost", timeoutSeconds: Int64 = 15) {
        self.contact = contact
        self.timeoutSeconds = timeoutSeconds
    }
}

/// A native app's push: the team's `.p8` key (PEM), its key id, the team id, the app's bundle id,
/// and where APNs is (production unless told); a private CA to trust for a push proxy, if any.
public struct APNsSetup: Sendable, Hashable {
    public var keyPEM: String
    public var keyID: String
    public var teamID: String
    public var topic: String
    public var baseURL: String
    public var trustedCAPEM: String?

    public init(
        keyPEM: String, keyID: String, teamID: String, topic: String, baseURL: String = "https://api.push.apple.com",
        trustedCAPEM: String? = nil
    ) {
        self.keyPEM = keyPEM
        self.keyID = keyID
        self.teamID = teamID
        self.topic = topic
        self.baseURL = baseURL
        self.trustedCAPEM = trustedCAPEM
    }
}

extension APNsSetup {
    /// Whether a PEM holds a P-256 private key (an APNs `.p8`).
    static func isKey(_ pem: String) -> Bool { (try? P256.Signing.PrivateKey(pemRepresentation: pem)) != nil }
}

public struct SMTPSetup: Sendable, Hashable {
    public var url: String
    public var from: String

    public init(url: String, from: String) {
        self.url = url
        self.from = from
    }
}
