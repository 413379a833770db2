import Foundation
import Hummingbird

/// The cookie that names a browser a person signed in from before. It is not a login: it only
/// gives the owner's own browser its own count of failed sign-ins (``LoginThrottlePolicy``).
enum KnownDevice {
    static let cookieName = "thrive_device"
    /// A device not used for this long is forgotten.
    static let lifetime: TimeInterval = 365 * 86_400

    static func cookie(token: String, secure: Bool) -> Cookie {
        Cookie(
            name: cookieName, value: token, maxAge: Int(lifetime), path: "/", secure: secure, httpOnly: true,
            sameSite: .lax)
    }
}
