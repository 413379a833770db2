import Foundation
import Hummingbird
import NIOCore
import ThriveCore
import ThriveStore

/// Who is making a request, and how they proved it.
public struct Identity: Sendable, Hashable {
    public enum Credential: Sendable, Hashable {
        /// A browser session cookie (hash of its token).
        case session(tokenHash: String)
        /// An API bearer access token (its family, for logout).
        case bearer(familyID: UUID)
    }

    public let userID: UserID
    public let credential: Credential
}

/// Per-request state every handler can read: the caller's identity, the session's CSRF token for
/// forms, and the client's address for login throttling.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer's IP address, when the transport knows it.
    public var clientAddress: String?
    public var identity: Identity?
    /// The token the page's forms must send back (the session's, or the anonymous double-submit cookie).
    public var csrfToken: String?
    /// The signed-in browser's app lock (pages only); its session is locked when `locked`.
    public var appLock: AppLock?
    public var locked = false
    /// Set when the request carried a session cookie that has run out (idle or past its lifetime).
    public var sessionEnded = false
    /// Why the request's bearer token was not accepted (expired, unknown, another scheme): the
    /// answer of a route that needs a person; public routes ignore it.
    public var bearerRefusal: AppError?
    /// The signed-in person's settings, for pages (theme, text size, mode); nil for the API.
    public var settings: Settings?
    /// Today's insights the person has not opened yet, for the tab's badge (pages only).
    public var unreadInsights = 0
    /// The coach's messages the person has not read, for the Coach tab's badge.
    public var unreadCoach = 0
    /// Notifications of the last 30 days not read yet, for the bell's badge.
    public var unreadNotifications = 0
    /// Whether the person's pages wear a creator's branding (theirs or their creator's).
    public var inCreatorSpace = false
    /// The person's onboarding progress, read with their settings (pages only).
    public var onboarding: OnboardingProgress?
    /// The interface language: the person's setting, else the browser's.
    public var language: Language = .en
    /// The browser's own language (`Accept-Language`), for a person whose setting follows it.
    public var browserLanguage: Language = .en

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress
    }

    /// JSON bodies are read by ``StrictJSON`` with per-route limits; this caps everything else.
    public var maxUploadSize: Int { 4 * 1024 * 1024 }

    public var requestDecoder: JSONDecoder { StrictJSON.makeDecoder() }
    public var responseEncoder: JSONEncoder { StrictJSON.makeEncoder() }

    /// The hash of the browser session's token, when the request came with one.
    public var sessionTokenHash: String? {
        if case .session(let hash)? = identity?.credential { return hash }
        return nil
    }

    /// The signed-in person, or a 401 that says how to sign in.
    public func requireUser() throws -> UserID {
        if let bearerRefusal { throw bearerRefusal }
        guard let identity else {
            throw AppError(
                status: .unauthorized, code: sessionEnded ? "session_expired" : "unauthenticated",
                message: sessionEnded
                    ? t("auth.idle")
                    : t("auth.logInFirst"))
        }
        return identity.userID
    }
}
