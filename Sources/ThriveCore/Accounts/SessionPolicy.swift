import Foundation

/// How long logins last. Browser sessions end after a quiet spell (spec 001: 15 minutes) and in any
/// case after 30 days; API access tokens live 15 minutes and refresh tokens 7 days (spec 001).
public struct SessionPolicy: Sendable, Hashable {
    public var idleTimeout: TimeInterval
    public var absoluteLifetime: TimeInterval = 30 * 86_400
    public var accessTokenLifetime: TimeInterval = 15 * 60
    public var refreshTokenLifetime: TimeInterval = 7 * 86_400

    public init(idleTimeout: TimeInterval = 15 * 60) {
        self.idleTimeout = idleTimeout
    }

    /// A session is live while it has been used within the idle timeout and is not past its lifetime.
    public func isLive(createdAt: Date, lastSeenAt: Date, now: Date) -> Bool {
        now.timeIntervalSince(lastSeenAt) < idleTimeout && now.timeIntervalSince(createdAt) < absoluteLifetime
    }
}
