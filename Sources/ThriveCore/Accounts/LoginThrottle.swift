import Foundation

/// Failed-login bookkeeping for one key (an account's e-mail or a client address).
public struct LoginFailureRecord: Hashable, Sendable {
    public var failures: Int
    public var windowStart: Date
    public var lockedUntil: Date?

    public init(failures: Int, windowStart: Date, lockedUntil: Date? = nil) {
        self.failures = failures
        self.windowStart = windowStart
        self.lockedUntil = lockedUntil
    }
}

/// The brute-force rule: 5 failed logins within 15 minutes lock the key for 15 minutes.
/// Applied to the account and, separately, to the client's address.
public struct LoginThrottlePolicy: Sendable {
    public var maxFailures = 5
    public var window: TimeInterval = 15 * 60
    public var lockDuration: TimeInterval = 15 * 60

    public init() {}

    /// When the key is locked at `now`, the instant the lock ends.
    public func lockedUntil(_ record: LoginFailureRecord?, now: Date) -> Date? {
        guard let until = record?.lockedUntil, until > now else { return nil }
        return until
    }

    /// The record after one more failure at `now`; the fifth failure in the window sets the lock.
    public func recordingFailure(_ record: LoginFailureRecord?, now: Date) -> LoginFailureRecord {
        var next: LoginFailureRecord
        // A lock that has run out starts a fresh window rather than carrying its count forward.
        if let record, record.lockedUntil == nil, now.timeIntervalSince(record.windowStart) < window {
            next = record
            next.failures += 1
        } else {
            next = LoginFailureRecord(failures: 1, windowStart: now)
        }
        if next.failures >= maxFailures {
            next.lockedUntil = now.addingTimeInterval(lockDuration)
        }
        return next
    }
}
