import Crypto
import Foundation
import ThriveCore

/// What lets a push's "Snooze" button put one notification off: the service worker cannot send the
/// page's CSRF token, so the push carries this instead — the owner and the notification, signed
/// with a key only the server holds. It can snooze that one notification and do nothing else.
struct SnoozeToken: Hashable {
    let owner: UserID
    let notification: NotificationID

    static let keyName = "notification-actions"

    func signed(with key: SymmetricKey) -> String {
        "\(owner).\(notification).\(Data(mac(key)).base64URLEncoded)"
    }

    /// The token `text` stands for, when its signature is the server's.
    init?(verifying text: String, key: SymmetricKey) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let owner = UUID(uuidString: String(parts[0])),
            let notification = UUID(uuidString: String(parts[1])), let signature = Data(base64URLEncoded: parts[2])
        else { return nil }
        self.init(owner: UserID(owner), notification: NotificationID(notification))
        guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: message, using: key) else { return nil }
    }

    init(owner: UserID, notification: NotificationID) {
        self.owner = owner
        self.notification = notification
    }

    private var message: Data { Data("snooze:\(owner):\(notification)".utf8) }

    private func mac(_ key: SymmetricKey) -> HashedAuthenticationCode<SHA256> {
        HMAC<SHA256>.authenticationCode(for: message, using: key)
    }
}
