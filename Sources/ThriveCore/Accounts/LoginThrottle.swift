import Foundation

/// Failed sign-ins counted against one key (an account, a client address, or a device the person
/// signed in from before). The lock is not stored: it follows from the count and the last failure.
public struct LoginFailureRecord: Hashable, Sendable {
    public var failures: Int
    public var lastFailureAt: Date

    public init(failures: Int, lastFailureAt: Date) {
        self.failures = failures
        self.lastFailureAt = lastFailureAt
    }
}

/// The brute-force rule, with growing delays instead of one long lock: the first few failures cost
/// nothing, then each further one makes the key wait twice as long as the one before (30 s, 1 min,
/// 2 min … up to 15 min), and a day without failures forgets them. A guesser gets about a hundred
/// tries a day; the owner waits at most 15 minutes, and not at all from a device they signed in
/// from before (that device has its own key) or with a passkey.
///
/// An attempt is counted as a failure *before* the password is checked, in the same transaction as
/// the check of the lock, so parallel guesses cannot all slip through before the first failure is
/// written; a right password takes its failure back.
public struct LoginThrottlePolicy: Sendable {
    public enum Scope: String, Sendable, CaseIterable {
        /// The e-mail address typed, whoever types it.
        case account
        /// The client's address (behind a proxy, only as the trusted proxy reports it).
        case address
        /// A browser or app that signed in to this account before: the owner's own device.
        case device

        /// Failures allowed before the first delay. An address is shared by a household or an
        /// office behind one router, so it gets more.
        public var freeFailures: Int {
            switch self {
            case .account, .device: 5
            case .address: 20
            }
        }
    }

    public var firstDelay: TimeInterval = 30
    public var longestDelay: TimeInterval = 15 * 60
    /// Failures are forgotten after this long without one.
    public var memory: TimeInterval = 86_400

    public init() {}

    /// How long the key must wait after its last failure before the next attempt.
    public func delay(after failures: Int, scope: Scope) -> TimeInterval {
        let beyond = failures - scope.freeFailures
        guard beyond >= 0 else { return 0 }
        return min(longestDelay, firstDelay * pow(2, Double(min(beyond, 20))))
    }

    /// The record as it stands at `now` (nil once forgotten).
    public func current(_ record: LoginFailureRecord?, now: Date) -> LoginFailureRecord? {
        guard let record, now.timeIntervalSince(record.lastFailureAt) < memory, record.failures > 0 else { return nil }
        return record
    }

    /// When the key may try again, if it must wait at `now`.
    public func lockedUntil(_ record: LoginFailureRecord?, scope: Scope, now: Date) -> Date? {
        guard let record = current(record, now: now) else { return nil }
        let until = record.lastFailureAt + delay(after: record.failures, scope: scope)
        return until > now ? until : nil
    }

    /// The record after one more failure at `now`.
    public func recordingFailure(_ record: LoginFailureRecord?, now: Date) -> LoginFailureRecord {
        LoginFailureRecord(failures: (current(record, now: now)?.failures ?? 0) + 1, lastFailureAt: now)
    }

    /// The record once a counted attempt turned out right: its failure taken back.
    public func refunding(_ record: LoginFailureRecord?, now: Date) -> LoginFailureRecord? {
        guard var record = current(record, now: now), record.failures > 1 else { return nil }
        record.failures -= 1
        return record
    }
}
