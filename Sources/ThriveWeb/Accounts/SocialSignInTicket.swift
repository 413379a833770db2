import Foundation
import Hummingbird
import ThriveCore

/// A sign-in with Google or Apple on its way: the `state` to match, the `nonce` the ID token must
/// carry and the PKCE verifier, sealed in an HttpOnly cookie scoped to `/auth` (nothing kept on any
/// server, so any process finishes it). Ten minutes: time to choose an account at the provider.
struct SocialSignInTicket: SealedTicket {
    let provider: SocialProvider
    let state: String
    let nonce: String
    let verifier: String
    let intent: SocialSignIn.Intent
    /// The browser's time zone, for an account made by this sign-in.
    let timeZone: String?
    /// Where an unlock goes back to: the page the lock was over.
    var next: String?
    let expires: Date

    static let lifetime: TimeInterval = 10 * 60
    static let cookieName = "thrive_oidc"
    static let purpose = "social sign-in"

    /// Apple answers with a cross-site POST (`form_post`), which a Lax cookie does not follow:
    /// behind https the cookie is SameSite=None (and Secure); on plain http (this machine) Lax.
    static func cookie(_ value: String, secure: Bool) -> Cookie {
        Cookie(
            name: cookieName, value: value, maxAge: value.isEmpty ? 0 : Int(lifetime), path: "/auth", secure: secure,
            httpOnly: true, sameSite: secure ? Cookie.SameSite.none : .lax)
    }
}

/// A provider account whose ID token was good but that opens no account yet: the e-mail belongs to
/// an account with a password (FR-089), or the provider vouched for no address. Sealed in a cookie
/// while the person chooses: link after their password, or another address for a new account.
struct PendingIdentity: SealedTicket {
    let provider: SocialProvider
    let subject: String
    let email: String?
    let emailVerified: Bool
    let name: String?
    let timeZone: String?
    let expires: Date

    static let lifetime: TimeInterval = 15 * 60
    static let cookieName = "thrive_identity"
    static let purpose = "pending identity"

    static func cookie(_ value: String, secure: Bool) -> Cookie {
        Cookie(
            name: cookieName, value: value, maxAge: value.isEmpty ? 0 : Int(lifetime), path: "/", secure: secure,
            httpOnly: true, sameSite: .lax)
    }

    func linked(to userID: UserID, at time: Date) -> LinkedIdentity {
        LinkedIdentity(provider: provider, subject: subject, userID: userID, email: email, linkedAt: time)
    }
}
