import Foundation

/// When a connection is pulled next: every 30 minutes while all is well; after a failure, twice as
/// long each time (30 min, 1 h, 2 h … at most 12 h), so a provider that is down is not hammered;
/// after a 429, when the provider's Retry-After says (at least a minute, at most 12 h).
public enum PullSchedule {
    public static let interval: TimeInterval = 30 * 60
    public static let longestWait: TimeInterval = 12 * 3_600
    /// How far back the first pull reaches.
    public static let firstPullDays = 30
    /// How far before the last sync each pull starts again, for data a device uploads late (a ring
    /// that syncs in the morning what it measured overnight).
    public static let overlap: TimeInterval = 36 * 3_600
    public static let staleAfter: TimeInterval = 24 * 3_600

    public static func next(after now: Date, failures: Int, retryAfter: TimeInterval? = nil) -> Date {
        if let retryAfter { return now.addingTimeInterval(min(max(retryAfter, 60), longestWait)) }
        guard failures > 0 else { return now.addingTimeInterval(interval) }
        return now.addingTimeInterval(min(interval * pow(2, Double(min(failures, 16) - 1)), longestWait))
    }

    /// The start of the window the next pull asks for.
    public static func windowStart(lastSyncAt: Date?, now: Date) -> Date {
        guard let lastSyncAt else { return now.addingTimeInterval(-Double(firstPullDays) * 86_400) }
        return max(lastSyncAt.addingTimeInterval(-overlap), now.addingTimeInterval(-Double(firstPullDays) * 86_400))
    }
}
