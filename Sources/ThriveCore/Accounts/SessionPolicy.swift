import Foundation

/// How long logins last. A browser session slides: it ends after 30 days without use (spec 000) and
/// in any case after a year; the 15 minutes of spec 001 are the app lock's, which keeps the session.
/// API access tokens live 15 minutes and refresh tokens 7 days (spec 001).
public struct SessionPolicy: Sendable, Hashable {
    public var idleTimeout: TimeInterval
    public var absoluteLifetime: TimeInterval = 365 * 86_400
    public var accessTokenLifetime: TimeInterval = 15 * 60
    public var refreshTokenLifetime: TimeInterval = 7 * 86_400

    public init(idleTimeout: TimeInterval = 30 * 86_400) {
        self.idleTimeout = idleTimeout
    }

    /// A session is live while it has been used within the idle timeout and is not past its lifetime.
    public func isLive(createdAt: Date, lastSeenAt: Date, now: Date) -> Bool {
        now.timeIntervalSince(lastSeenAt) < idleTimeout && now.timeIntervalSince(createdAt) < absoluteLifetime
    }
}
