import Foundation

/// When the person's next AAT test is due, and the reminder 14 days before it (spec 001): a day
/// the person set ("set a reminder for my next test"), or else a number of months after their
/// latest test (a year until they choose; 0 turns the reminder off).
public struct TestReminder: Codable, Sendable, Hashable {
    public var nextTest: LocalDate?
    public var everyMonths: Int

    public init() {
        nextTest = nil
        everyMonths = 12
    }

    public init(nextTest: LocalDate?, everyMonths: Int) {
        self.nextTest = nextTest
        self.everyMonths = everyMonths
    }

    public static let daysBefore = 14
    /// The intervals a person chooses from; 0 is no reminder unless a day is set.
    public static let intervals = [0, 3, 6, 12]

    /// The day the next test is due: the day set, else the interval after the latest test.
    public func due(after latestTest: LocalDate?) -> LocalDate? {
        if let nextTest { return nextTest }
        guard everyMonths > 0, let latestTest else { return nil }
        return Self.adding(months: everyMonths, to: latestTest)
    }

    /// The day the reminder comes: 14 days before the test is due.
    public func remindsOn(after latestTest: LocalDate?) -> LocalDate? {
        due(after: latestTest)?.adding(days: -Self.daysBefore)
    }

    /// The same day `months` later, or the month's last day when it is shorter (31 Aug + 6 → 28 Feb).
    public static func adding(months: Int, to day: LocalDate) -> LocalDate {
        let total = day.year * 12 + (day.month - 1) + months
        let year = total / 12
        let month = total % 12 + 1
        let last = LocalDate.length(ofMonth: month, in: year)
        return LocalDate(year: year, month: month, day: min(day.day, last)) ?? day
    }
}
