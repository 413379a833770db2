import Foundation

/// The months and quarters a partner's dashboard counts: the last eight calendar quarters up to
/// and including the current one, in the partner's time zone. Stores bucket events by ``edges``.
public struct ProgramPeriods: Hashable, Sendable {
    public static let quarterCount = 8
    public static let monthCount = quarterCount * 3

    /// The first day of each month, oldest first.
    public let months: [LocalDate]
    public let zone: TimeZone
    /// Monday of the current week: "completed tests this week" counts from here.
    public let weekStart: LocalDate
    public let today: LocalDate

    public init(at time: Date, in zone: TimeZone) {
        let today = LocalDate(time, in: zone)
        let quarterStart = LocalDate(year: today.year, month: (today.month - 1) / 3 * 3 + 1, day: 1)!
        let first = TestReminder.adding(months: -3 * (Self.quarterCount - 1), to: quarterStart)
        months = (0..<Self.monthCount).map { TestReminder.adding(months: $0, to: first) }
        self.zone = zone
        self.today = today
        weekStart = ProgramPeriodKey.monday(today)
    }

    /// The instants that divide events into months: the start of each month and the start of the
    /// month after the last (``monthCount`` + 1 edges).
    public var edges: [Date] {
        (months + [TestReminder.adding(months: 1, to: months[months.count - 1])]).map { $0.start(in: zone) }
    }

    /// The first month of each quarter, oldest first.
    public var quarters: [LocalDate] { stride(from: 0, to: months.count, by: 3).map { months[$0] } }

    /// The index of the current quarter (the last) and of the current month.
    public var currentQuarter: Int { Self.quarterCount - 1 }
    public var currentMonth: Int { months.lastIndex { $0 <= today } ?? months.count - 1 }
}
