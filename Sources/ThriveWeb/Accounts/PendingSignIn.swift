import Foundation
import Hummingbird
import ThriveCore

/// A sign-in whose password was right and that waits for the code from the authenticator app:
/// sealed with the operator's key and handed to the browser (an HttpOnly cookie) or the app (a
/// ticket), so no server keeps it and any server process can finish it. Five minutes.
struct PendingSignIn: SealedTicket {
    let userID: UUID
    /// The device token the sign-in earned, given out only once the code is right.
    let deviceToken: String
    let expires: Date
    let nonce: String
    /// A Google or Apple account to link once the code is right (FR-089's "link after password").
    var identity: PendingIdentity?

    static let lifetime: TimeInterval = 5 * 60
    static let cookieName = "thrive_signin"
    static let purpose = "pending sign-in"

    init(userID: UserID, deviceToken: String, now: Date) {
        self.userID = userID.rawValue
        self.deviceToken = deviceToken
        expires = now + Self.lifetime
        nonce = SecretTokens.make()
    }

    static func cookie(_ value: String, secure: Bool) -> Cookie {
        Cookie(
            name: cookieName, value: value, maxAge: value.isEmpty ? 0 : Int(lifetime), path: "/login", secure: secure,
            httpOnly: true, sameSite: .lax)
    }
}
