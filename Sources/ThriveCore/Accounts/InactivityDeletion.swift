import Foundation

/// Spec 004: an account nobody has used for six months is deleted, after two warnings, 30 and 7
/// days before. The warnings are promises: the deletion never comes sooner than 30 days after the
/// first and 7 days after the second, even when the server was off when they were due (so a
/// person is never deleted on the day they are first told). Using Thrive again ends it all.
public struct InactivityDeletion: Hashable, Sendable {
    public static let inactiveMonths = 6
    public static let firstWarningDays = 30
    public static let finalWarningDays = 7

    /// The last sign-in, page or app request.
    public let lastActive: Date
    /// When the 30-day warning went out, in this stretch of inactivity.
    public let firstWarnedAt: Date?
    /// When the 7-day warning went out.
    public let finalWarnedAt: Date?

    public init(lastActive: Date, firstWarnedAt: Date? = nil, finalWarnedAt: Date? = nil) {
        self.lastActive = lastActive
        self.firstWarnedAt = firstWarnedAt
        self.finalWarnedAt = finalWarnedAt
    }

    public enum Step: Hashable, Sendable {
        case none
        /// Send the first warning: the account goes on `deletesAt` unless used.
        case warnFirst(deletesAt: Date)
        case warnFinal(deletesAt: Date)
        case delete
    }

    /// Six calendar months after the last use (in UTC: 31 August + 6 months is 28 February).
    public var inactiveUntil: Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar.date(byAdding: .month, value: Self.inactiveMonths, to: lastActive) ?? lastActive
    }

    /// The day it goes: six months after the last use, pushed back so that each warning given keeps
    /// its promise.
    public var deletesAt: Date {
        [
            inactiveUntil,
            firstWarnedAt.map { $0 + Self.days(Self.firstWarningDays) },
            finalWarnedAt.map { $0 + Self.days(Self.finalWarningDays) },
        ].compactMap { $0 }.max() ?? inactiveUntil
    }

    /// What is due at `now`: one step at a time, the warnings in order.
    public func step(at now: Date) -> Step {
        guard let firstWarnedAt else {
            guard now >= inactiveUntil - Self.days(Self.firstWarningDays) else { return .none }
            return .warnFirst(deletesAt: max(inactiveUntil, now + Self.days(Self.firstWarningDays)))
        }
        guard finalWarnedAt != nil else {
            let due = max(inactiveUntil, firstWarnedAt + Self.days(Self.firstWarningDays))
            guard now >= due - Self.days(Self.finalWarningDays) else { return .none }
            return .warnFinal(deletesAt: max(due, now + Self.days(Self.finalWarningDays)))
        }
        return now >= deletesAt ? .delete : .none
    }

    private static func days(_ count: Int) -> TimeInterval { Double(count) * 86_400 }
}
