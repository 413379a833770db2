import Foundation
import Testing

@testable import ThriveCore

@Suite("The next test's reminder")
struct TestReminderTests {
    static func day(_ text: String) -> LocalDate { LocalDate(iso8601: text)! }

    @Test func aYearAfterTheLatestTestUntilThePersonChoosesAndFourteenDaysBefore() {
        let reminder = TestReminder()
        #expect(reminder.due(after: Self.day("2026-11-20")) == Self.day("2027-11-20"))
        #expect(reminder.remindsOn(after: Self.day("2026-11-20")) == Self.day("2027-11-06"))
        #expect(reminder.due(after: nil) == nil, "no test yet, no day set: nothing to remind of")
    }

    @Test func aDayTheyChoseWinsAndOffIsOff() {
        #expect(
            TestReminder(nextTest: Self.day("2027-01-10"), everyMonths: 3).remindsOn(after: Self.day("2026-11-20"))
                == Self.day("2026-12-27"))
        #expect(TestReminder(nextTest: nil, everyMonths: 0).due(after: Self.day("2026-11-20")) == nil)
    }

    /// The same day months later, or the month's last day when it is shorter; across a year's end.
    @Test(arguments: [
        ("2026-08-31", 6, "2027-02-28"), ("2027-08-31", 6, "2028-02-29"), ("2026-11-20", 3, "2027-02-20"),
        ("2026-01-31", 3, "2026-04-30"), ("2026-12-15", 12, "2027-12-15"),
    ])
    func monthsAreCalendarMonths(from: String, months: Int, to: String) {
        #expect(TestReminder.adding(months: months, to: Self.day(from)) == Self.day(to))
    }
}
