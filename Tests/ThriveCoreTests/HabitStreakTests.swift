import Foundation
import PropertyBased
import Testing
import ThriveCore

/// Streaks and completion over hand-built calendars. A calendar is one letter per day from a
/// Monday: D done, S skipped, p partial, - nothing recorded; the last letter is today.
@Suite("Habit streaks and completion")
struct HabitStreakTests {
    static let monday = LocalDate(year: 2026, month: 11, day: 2)!
    static let time = Date(timeIntervalSince1970: 1_800_000_000)

    static func habit(_ schedule: Habit.Schedule = .everyDay, pauses: [Habit.Pause] = []) -> Habit {
        Habit(
            id: HabitID(UUID()), name: "Morning walk", schedule: schedule, startedOn: monday, pauses: pauses,
            createdAt: time)
    }

    static func checkIns(_ calendar: String, of habit: Habit) -> [LocalDate: HabitCheckIn] {
        var result: [LocalDate: HabitCheckIn] = [:]
        for (offset, letter) in calendar.enumerated() {
            let day = monday.adding(days: offset)
            let state: HabitCheckIn.State? =
                switch letter {
                case "D": .done
                case "S": .skipped
                case "p": .partial
                default: nil
                }
            if let state { result[day] = HabitCheckIn(habitID: habit.id, day: day, state: state, amount: 1, recordedAt: time) }
        }
        return result
    }

    static func streak(_ habit: Habit, _ calendar: String) -> (current: Int, best: Int) {
        let today = monday.adding(days: calendar.count - 1)
        let checkIns = Self.checkIns(calendar, of: habit)
        let kept = HabitStreak.computed(habit, through: today.adding(days: -1), checkIns: Array(checkIns.values))
        return kept.shown(habit, today: today, recent: checkIns)
    }

    static let weekdays = Habit.Schedule.days([2, 3, 4, 5, 6])

    @Test(
        "days-of-week streaks",
        arguments: [
            ("DDD", Habit.Schedule.everyDay, 3, 3),
            ("DDD-", .everyDay, 3, 3),  // today not done yet ends nothing
            ("DD-D", .everyDay, 1, 2),  // a missed day ends it
            ("DDSD", .everyDay, 3, 3),  // a skip neither adds nor ends
            ("DDpD", .everyDay, 1, 2),  // part of a target is not done
            ("DDDDD--D", weekdays, 6, 6),  // the weekend is rest
            ("DDDDD-DD", weekdays, 6, 6),  // done on a rest day adds nothing, ends nothing
            ("DDDD--DD", weekdays, 1, 4),  // Friday missed
            ("---", .everyDay, 0, 0),
        ])
    func daysOfWeek(calendar: String, schedule: Habit.Schedule, current: Int, best: Int) {
        let shown = Self.streak(Self.habit(schedule), calendar)
        #expect(shown.current == current, "\(calendar)")
        #expect(shown.best == best, "\(calendar)")
    }

    @Test func daysWhileRunningPausedAreRest() {
        let paused = Self.habit(pauses: [Habit.Pause(from: Self.monday.adding(days: 2), to: Self.monday.adding(days: 4))])
        #expect(Self.streak(paused, "DD---DD") == (4, 4))
        #expect(Self.streak(Self.habit(), "DD---DD") == (2, 2))
    }

    @Test(
        "times-per-week streaks count weeks",
        arguments: [
            ("D-D-D--", 1, 1),  // three in the week
            ("D-D----", 0, 0),  // short of three by Sunday
            ("D-D-D--" + "D-D----" + "DDD", 1, 1),  // the second week ended it; this week has its three
            ("D-D-D--" + "D-D-D--" + "DD", 2, 2),  // the running week short of three yet ends nothing
            ("D-D-D--" + "DD-----" + "D", 0, 1),
        ])
    func timesPerWeek(calendar: String, current: Int, best: Int) {
        let shown = Self.streak(Self.habit(.timesPerWeek(3)), calendar)
        #expect(shown.current == current, "\(calendar)")
        #expect(shown.best == best, "\(calendar)")
    }

    @Test(
        "completion",
        arguments: [
            ("DD-S", Habit.Schedule.everyDay, 2.0 / 3),  // the skip asks nothing
            ("DDD-", .everyDay, 1.0),  // today, not done yet, asks nothing
            ("DDDDD--D", weekdays, 1.0),
            ("D-D-D--", .timesPerWeek(3), 1.0),
            ("D-------", .timesPerWeek(3), 1.0 / 3),  // a finished week asks its three
            ("--D", .timesPerWeek(3), 7.0 / 9),  // by Wednesday 3 a week asks 9/7 days; one is done
        ])
    func completion(calendar: String, schedule: Habit.Schedule, rate: Double) throws {
        let habit = Self.habit(schedule)
        let today = Self.monday.adding(days: calendar.count - 1)
        let completion = HabitCompletion.of(
            habit, from: Self.monday, through: today, checkIns: Self.checkIns(calendar, of: habit))
        #expect(abs(try #require(completion.rate) - rate) < 1e-9, "\(calendar)")
    }

    @Test func nothingAskedHasNoRate() {
        let habit = Self.habit(Self.weekdays)
        let sunday = Self.monday.adding(days: 6)
        #expect(HabitCompletion.of(habit, from: sunday.adding(days: -1), through: sunday, checkIns: [:]).rate == nil)
    }

    /// A check-in belongs to the day where the person was: 23:30 in New York on the evening the
    /// clocks went forward is still that day, and a day without one breaks the streak.
    @Test func aLateCheckInBelongsToThatLocalDayAcrossAClockChange() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = newYork
        func at(_ day: Int, _ hour: Int, _ minute: Int) throws -> Date {
            try #require(calendar.date(from: DateComponents(year: 2026, month: 3, day: day, hour: hour, minute: minute)))
        }
        let start = LocalDate(year: 2026, month: 3, day: 7)!
        let habit = Habit(id: HabitID(UUID()), name: "Stretch", startedOn: start, createdAt: Self.time)
        // Saturday 23:30 EST, Sunday 23:30 EDT (after the change), Tuesday 00:30: Monday has none.
        let instants = [try at(7, 23, 30), try at(8, 23, 30), try at(10, 0, 30)]
        let checkIns = instants.map {
            HabitCheckIn(habitID: habit.id, day: LocalDate($0, in: newYork), state: .done, amount: 1, recordedAt: $0)
        }
        #expect(checkIns.map(\.day.iso8601) == ["2026-03-07", "2026-03-08", "2026-03-10"])
        let today = LocalDate(year: 2026, month: 3, day: 10)!
        let kept = HabitStreak.computed(habit, through: today.adding(days: -1), checkIns: checkIns)
        let shown = kept.shown(habit, today: today, recent: Dictionary(uniqueKeysWithValues: checkIns.map { ($0.day, $0) }))
        #expect(shown == (1, 2))
    }

    /// Random calendars and schedules: the kept state advanced a few days at a time equals the
    /// whole history folded at once; the best streak is never below the current; a rate is in 0–1.
    @Test func incrementalStateEqualsTheWholeHistory() async {
        await propertyCheck(input: Gen.int(in: 0...999_999).array(of: 1...120)) { numbers in
            let schedules: [Habit.Schedule] = [.everyDay, Self.weekdays, .days([1, 4]), .timesPerWeek(3), .timesPerWeek(1)]
            let schedule = schedules[numbers[0] % schedules.count]
            let pauses =
                numbers[0] % 3 == 0 ? [Habit.Pause(from: Self.monday.adding(days: 10), to: Self.monday.adding(days: 16))] : []
            let habit = Self.habit(schedule, pauses: pauses)
            let calendar = String(numbers.map { ["D", "D", "S", "-", "p"][$0 % 5] }.joined())
            let checkIns = Self.checkIns(calendar, of: habit)
            let last = Self.monday.adding(days: numbers.count - 1)
            var kept = HabitStreak()
            var day = Self.monday
            for (index, number) in numbers.enumerated() where number % 4 == 0 || index == numbers.count - 1 {
                day = Self.monday.adding(days: index)
                kept = kept.advanced(habit, through: day, checkIns: checkIns)
            }
            #expect(kept == HabitStreak.computed(habit, through: last, checkIns: Array(checkIns.values)))
            #expect(kept.best >= kept.current)
            let shown = kept.shown(habit, today: last.adding(days: 1), recent: checkIns)
            #expect(shown.best >= shown.current)
            let rate = HabitCompletion.of(habit, from: Self.monday, through: last, checkIns: checkIns).rate ?? 0
            #expect((0...1).contains(rate))
        }
    }
}
