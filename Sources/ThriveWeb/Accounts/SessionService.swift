import Foundation
import ThriveCore
import ThriveStore

/// Browser sessions: a random token in an HttpOnly cookie, its hash in the database, ended by
/// inactivity, by logout, or by logging out everywhere.
public struct SessionService: Sendable {
    public static let cookieName = "thrive_session"
    /// Writing `last_seen_at` on every request would turn every page view into a write; once a minute
    /// is precise enough for the app lock's minutes and the session's days.
    static let touchInterval: TimeInterval = 60

    let store: Store
    let now: Now
    let policy: SessionPolicy
    /// The app lock of people who never set theirs (`THRIVE_APP_LOCK_MINUTES`).
    var defaultLock = AppLock()

    public enum Resumption: Sendable {
        /// A session, and its person's app lock (the session's `lockedAt` set when it is closed).
        case live(WebSession, AppLock)
        /// The cookie named a session that has timed out (and is now removed).
        case ended
        /// The cookie named no session at all.
        case unknown
    }

    /// Creates a session inside the caller's transaction and returns the cookie's token. Also sweeps
    /// away what has expired since (idle sessions, old tokens, stale login failures), so the tables
    /// stay small without a background job.
    func start(for userID: UserID, in repositories: Repositories, device: BrowserName? = nil) async throws -> String {
        let token = SecretTokens.make()
        let time = now()
        try await repositories.sessions.deleteIdle(before: time - policy.idleTimeout)
        try await repositories.authTokens.deleteExpired(before: time - 86_400)
        try await repositories.loginThrottle.deleteStale(before: time - LoginThrottlePolicy().memory)
        try await repositories.knownDevices.forgetUnused(before: time - KnownDevice.lifetime)
        try await repositories.sessions.create(
            WebSession(
                tokenHash: SecretTokens.hash(token), userID: userID, csrfToken: SecretTokens.make(), createdAt: time,
                lastSeenAt: time, deviceName: device?.stored))
        try await repositories.inactivity.markActive(userID, at: time)
        return token
    }

    public func resume(_ token: String) async throws -> Resumption {
        guard SecretTokens.looksValid(token) else { return .unknown }
        let hash = SecretTokens.hash(token)
        let found = try await store.read { repositories -> (WebSession, AppLock)? in
            guard let session = try await repositories.sessions.find(tokenHash: hash) else { return nil }
            return (session, try await repositories.appLocks.find(for: session.userID) ?? defaultLock)
        }
        guard case (var session, let lock)? = found else { return .unknown }
        let time = now()
        guard policy.isLive(createdAt: session.createdAt, lastSeenAt: session.lastSeenAt, now: time) else {
            try await store.write { try await $0.sessions.delete(tokenHash: hash) }
            return .ended
        }
        // Unused for the lock's minutes (no request at all: the page was closed or the phone slept).
        let closes = session.lockedAt == nil && lock.isDue(lastUsed: session.lastSeenAt, now: time)
        if closes { session.lockedAt = time }
        // Use is recorded often enough that the lock's clock is never more than a quarter behind.
        let touchEvery = lock.idleMinutes.map { Double(AppLockTiming(idleMinutes: $0).activeEvery) } ?? Self.touchInterval
        if closes || time.timeIntervalSince(session.lastSeenAt) >= touchEvery {
            let owner = session.userID
            try await store.write {
                if closes { try await $0.sessions.lock(tokenHash: hash, at: time) }
                try await $0.sessions.touch(tokenHash: hash, at: time)
                try await $0.inactivity.markActive(owner, at: time)
            }
            session.lastSeenAt = time
        }
        return .live(session, lock)
    }

    public func end(tokenHash: String) async throws {
        try await store.write { try await $0.sessions.delete(tokenHash: tokenHash) }
    }

    /// Ends every browser session and revokes every API token of the person, and forgets the
    /// devices they signed in from (a stolen phone is no longer "their own").
    public func endEverywhere(for userID: UserID) async throws {
        try await store.write { try await endEverywhere(for: userID, in: $0) }
    }

    /// Ends every session but `keeping` (the one asking), every API token and every known device.
    public func endOthers(for userID: UserID, keeping tokenHash: String?, in repositories: Repositories) async throws {
        try await repositories.signOutEverywhere(userID, keeping: tokenHash, at: now())
    }

    /// The same as ``endEverywhere(for:)`` inside the caller's transaction.
    public func endEverywhere(for userID: UserID, in repositories: Repositories) async throws {
        try await repositories.signOutEverywhere(userID, at: now())
    }
}

extension Repositories {
    /// Ends every browser session and API token of the person and forgets the devices they signed
    /// in from: after a password is reset or set by the operator, nobody stays in on the old one.
    /// `keeping`: the one browser session that asked (a password change), if any.
    public func signOutEverywhere(_ userID: UserID, keeping tokenHash: String? = nil, at time: Date) async throws {
        for session in try await sessions.all(for: userID) where session.tokenHash != tokenHash {
            try await sessions.delete(tokenHash: session.tokenHash)
        }
        try await authTokens.revokeAll(for: userID, at: time)
        try await knownDevices.forgetAll(for: userID)
    }
}
