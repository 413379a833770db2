import Foundation
import Hummingbird
import ThriveCore

/// A creator's invitation opened while signed out, kept by the browser for a day so that signing
/// in, or signing up and onboarding, lead back to it instead of losing it.
enum Invitation {
    static let cookieName = "thrive_invitation"

    static func cookie(_ creator: UserID?) -> Cookie {
        Cookie(
            name: cookieName, value: creator?.description ?? "", maxAge: creator == nil ? 0 : 86_400, path: "/",
            httpOnly: true, sameSite: .lax)
    }

    /// The join page of the invitation the browser holds, if any.
    static func pending(_ request: Request) -> String? {
        guard let value = request.cookies[cookieName]?.value, let creator = UserID(value) else { return nil }
        return "/coach/join/\(creator)"
    }
}
