import Foundation
import Testing
import ThriveCore

/// Progress over hand-built calendars: the same letters as the streak tests (D done, S skipped,
/// - nothing), from a Monday, the last letter today.
@Suite("Habit progress and insights")
struct HabitProgressTests {
    static let zone = TimeZone(identifier: "Europe/Madrid")!

    /// A habit started on the calendar's first day, its check-ins recorded at `hour` local time.
    static func tracked(
        _ calendar: String, from first: LocalDate, schedule: Habit.Schedule = .everyDay, name: String = "Morning walk",
        hour: Int = 8
    ) -> (view: HabitToday, checkIns: [HabitCheckIn], today: LocalDate) {
        let habit = Habit(
            id: HabitID(UUID()), name: name, schedule: schedule, startedOn: first, createdAt: HabitStreakTests.time)
        var checkIns: [HabitCheckIn] = []
        for (offset, letter) in calendar.enumerated() {
            let day = first.adding(days: offset)
            let at = day.start(in: zone).addingTimeInterval(TimeInterval(hour * 3600))
            switch letter {
            case "D": checkIns.append(HabitCheckIn(habitID: habit.id, day: day, state: .done, amount: 1, recordedAt: at))
            case "S": checkIns.append(HabitCheckIn(habitID: habit.id, day: day, state: .skipped, amount: 0, recordedAt: at))
            default: break
            }
        }
        let today = first.adding(days: calendar.count - 1)
        let kept = HabitStreak.computed(habit, through: today.adding(days: -1), checkIns: checkIns)
        let recent = Dictionary(checkIns.map { ($0.day, $0) }) { a, _ in a }
        return (HabitToday(kept, of: habit, today: today, recent: recent), checkIns, today)
    }

    @Test("completion today, this week and over 30 days")
    func completion() throws {
        // Mon 16 Nov 2026 … Wed 25 Nov: done all week, Saturday skipped, Sunday missed, Monday
        // done, Tuesday missed, today not yet.
        let first = LocalDate(year: 2026, month: 11, day: 16)!
        let habit = Self.tracked("DDDDDS-D--", from: first)
        let progress = HabitProgress([habit.view], checkIns: habit.checkIns, today: habit.today, zone: Self.zone)
        #expect(progress.today == LocalDate(year: 2026, month: 11, day: 25))
        // Today: due, not done yet.
        #expect(progress.day == HabitCompletion(achieved: 0, expected: 1))
        // This week: Monday done, Tuesday missed; today asks nothing until it is over.
        #expect(progress.week == HabitCompletion(achieved: 1, expected: 2))
        // 30 days (the habit began on the 16th): 6 done, 2 missed, the skip not asked.
        #expect(progress.month == HabitCompletion(achieved: 6, expected: 8))
        #expect(progress.previousMonth == HabitCompletion())
        #expect(progress.trend.count == 30)
        #expect(progress.trend.last?.date == progress.today)
        let saturday = try #require(progress.trend.first { $0.date == LocalDate(year: 2026, month: 11, day: 21) })
        #expect(saturday.completion.rate == nil)
        let sunday = try #require(progress.trend.first { $0.date == LocalDate(year: 2026, month: 11, day: 22) })
        #expect(sunday.completion.rate == 0)
        #expect(progress.trend.last?.completion.rate == 0)
        // Twelve whole weeks from a Monday; the days after today ask nothing.
        #expect(progress.calendar.count == 84)
        #expect(progress.calendar.first?.date.weekday == 2)
        #expect(progress.calendar.last?.date == LocalDate(year: 2026, month: 11, day: 29))
        #expect(progress.calendar.suffix(4).allSatisfy { $0.completion.rate == nil })
        // The week's grid, Monday to Sunday.
        #expect(progress.rows[0].week == [.done, .missed, .pending, .future, .future, .future, .future])
        #expect(progress.rows[0].doneInMonth == 6)
    }

    @Test("a times-a-week habit adds to the days it was done and never counts against one")
    func timesPerWeekDays() throws {
        let first = LocalDate(year: 2026, month: 11, day: 16)!
        let daily = Self.tracked("DDDDDDDDD-", from: first)
        let gym = Self.tracked("D-D----D--", from: first, schedule: .timesPerWeek(3), name: "Gym")
        let progress = HabitProgress(
            [daily.view, gym.view], checkIns: daily.checkIns + gym.checkIns, today: daily.today, zone: Self.zone)
        func day(_ number: Int) throws -> HabitCompletion {
            try #require(progress.trend.first { $0.date == LocalDate(year: 2026, month: 11, day: number) }).completion
        }
        #expect(try day(18) == HabitCompletion(achieved: 2, expected: 2))
        #expect(try day(17) == HabitCompletion(achieved: 1, expected: 1))
        // Today both are open: "0 of 2".
        #expect(progress.day == HabitCompletion(achieved: 0, expected: 2))
        // This week for the gym: Monday done, Tuesday not; 3 a week over the 2 days gone = 6/7.
        let gymWeek = HabitCompletion(achieved: 6.0 / 7, expected: 6.0 / 7)
        #expect(abs((progress.week.expected) - (2 + gymWeek.expected)) < 1e-9)
        #expect(abs(progress.week.achieved - (2 + gymWeek.achieved)) < 1e-9)
    }

    @Test("the best and the hardest day of the week, when eight weeks say so")
    func weekdays() {
        // Eight weeks from a Monday: every Wednesday missed, the rest done.
        let first = LocalDate(year: 2026, month: 9, day: 28)!
        let calendar = String(repeating: "DD-DDDD", count: 8) + "D"
        let habit = Self.tracked(calendar, from: first)
        let insights = HabitProgress([habit.view], checkIns: habit.checkIns, today: habit.today, zone: Self.zone).insights
        #expect(
            insights.contains(
                Phrase("habitInsight.hardestDay", ["weekday": .phrase(Phrase("weekday.4")), "percent": .integer(0)])))
        // Every other day is done every time: the first of them in the week (Sunday) is named.
        #expect(
            insights.contains(
                Phrase("habitInsight.bestDay", ["weekday": .phrase(Phrase("weekday.1")), "percent": .integer(100)])))
        // 8 o'clock every day: the morning.
        #expect(
            insights.contains(
                Phrase(
                    "habitInsight.timeOfDay", ["part": .phrase(Phrase("habitInsight.part.morning")), "percent": .integer(100)])))
    }

    @Test("no weekday insight from an even week, and none from too little")
    func noWeekdayInsight() {
        let first = LocalDate(year: 2026, month: 9, day: 28)!
        let even = Self.tracked(String(repeating: "D", count: 57), from: first)
        let phrases = HabitProgress([even.view], checkIns: even.checkIns, today: even.today, zone: Self.zone).insights
        #expect(!phrases.contains { $0.key == "habitInsight.bestDay" || $0.key == "habitInsight.hardestDay" })
        let short = Self.tracked("DD-DD", from: first, hour: 20)
        let few = HabitProgress([short.view], checkIns: short.checkIns, today: short.today, zone: Self.zone).insights
        #expect(few.isEmpty)
    }

    @Test("consistency against the 30 days before, and the habit that needs care")
    func consistencyAndCare() {
        // 30 days all done, then 30 days with every other day missed, and today.
        let first = LocalDate(year: 2026, month: 9, day: 26)!
        let calendar = String(repeating: "D", count: 30) + String(repeating: "D-", count: 15) + "-"
        let habit = Self.tracked(calendar, from: first, name: "Stretch")
        let progress = HabitProgress([habit.view], checkIns: habit.checkIns, today: habit.today, zone: Self.zone)
        #expect(progress.previousMonth.rate == 1)
        let now = Int(((progress.month.rate ?? 0) * 100).rounded())
        #expect(now == 48)  // 14 of the 29 days asked (today asks nothing yet)
        #expect(
            progress.insights.contains(
                Phrase(
                    "habitInsight.consistencyDown",
                    ["points": .integer(100 - now), "before": .integer(100), "now": .integer(now)])
            ))
        #expect(progress.insights.contains(Phrase("habitInsight.care", ["name": .text("Stretch"), "percent": .integer(now)])))
    }
}
