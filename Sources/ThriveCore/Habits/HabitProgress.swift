import Foundation

/// How a person's habits are going: completion today, this week and over 30 days, each habit's
/// streaks and week, a 30-day trend, a 12-week calendar, and what stands out, in plain words.
///
/// Weeks and months use ``HabitCompletion``. A single day (the trend and the calendar) counts the
/// days-of-week habits due that day; a times-a-week habit adds to a day it was done on and never
/// counts against a day, since any one day without it may be one of its free days.
public struct HabitProgress: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public let habit: Habit
        public let current: Int
        public let best: Int
        public let inWeeks: Bool
        /// The last 30 days.
        public let month: HabitCompletion
        public let doneInMonth: Int
        /// Monday to Sunday of this week.
        public let week: [HabitDayOutcome]
    }

    public struct Day: Hashable, Sendable {
        public let date: LocalDate
        public let completion: HabitCompletion
    }

    public static let trendDays = 30
    public static let calendarWeeks = 12

    public let today: LocalDate
    public let day: HabitCompletion
    public let week: HabitCompletion
    public let month: HabitCompletion
    public let previousMonth: HabitCompletion
    public let rows: [Row]
    /// The last 30 days, oldest first.
    public let trend: [Day]
    /// Twelve weeks Monday to Sunday, this one last (days after today are in it, asking nothing).
    public let calendar: [Day]
    public let insights: [Phrase]

    /// The first day whose check-ins the progress reads.
    public static func firstDay(today: LocalDate) -> LocalDate {
        min(today.adding(days: -(2 * trendDays - 1)), today.weekStart.adding(days: -7 * (calendarWeeks - 1)))
    }

    /// From the active and paused habits' streaks as today's list shows them, and their check-ins
    /// from ``firstDay(today:)`` through today.
    public init(_ views: [HabitToday], checkIns: [HabitCheckIn], today: LocalDate, zone: TimeZone) {
        self.today = today
        let habits = views.map(\.habit).filter { $0.status != .archived }
        let byHabit = Dictionary(grouping: checkIns, by: \.habitID).mapValues { list in
            Dictionary(list.map { ($0.day, $0) }) { a, _ in a }
        }
        func completion(from first: LocalDate, through last: LocalDate) -> HabitCompletion {
            habits.reduce(HabitCompletion()) { sum, habit in
                sum + HabitCompletion.of(habit, from: first, through: last, checkIns: byHabit[habit.id] ?? [:])
            }
        }
        let monthStart = today.adding(days: -(Self.trendDays - 1))
        // Today, what is due and not done yet counts as asked: "1 of 4" until the others are done.
        let todays = habits.reduce(Self.dayCompletion(habits, on: today, today: today, byHabit)) { sum, habit in
            guard HabitDayOutcome.of(habit, on: today, checkIn: byHabit[habit.id]?[today], today: today) == .pending
            else { return sum }
            return sum + HabitCompletion(achieved: 0, expected: 1)
        }
        day = todays
        week = completion(from: today.weekStart, through: today)
        month = completion(from: monthStart, through: today)
        let previousStart = monthStart.adding(days: -Self.trendDays)
        previousMonth = completion(from: previousStart, through: monthStart.adding(days: -1))
        rows = views.filter { $0.habit.status != .archived }.map { view in
            let checkIns = byHabit[view.habit.id] ?? [:]
            let monday = today.weekStart
            return Row(
                habit: view.habit, current: view.streak, best: view.bestStreak, inWeeks: view.streakInWeeks,
                month: HabitCompletion.of(view.habit, from: monthStart, through: today, checkIns: checkIns),
                doneInMonth: checkIns.values.filter { $0.day >= monthStart && $0.state == .done }.count,
                week: (0..<7).map { offset in
                    let day = monday.adding(days: offset)
                    return HabitDayOutcome.of(view.habit, on: day, checkIn: checkIns[day], today: today)
                })
        }
        trend = (0..<Self.trendDays).map { offset in
            let date = monthStart.adding(days: offset)
            return Day(
                date: date, completion: date == today ? todays : Self.dayCompletion(habits, on: date, today: today, byHabit))
        }
        let calendarStart = today.weekStart.adding(days: -7 * (Self.calendarWeeks - 1))
        calendar = (0..<(7 * Self.calendarWeeks)).map { offset in
            let date = calendarStart.adding(days: offset)
            return Day(
                date: date, completion: date == today ? todays : Self.dayCompletion(habits, on: date, today: today, byHabit))
        }
        insights =
            HabitInsights(
                habits: habits, rows: rows, month: month, previousMonth: previousMonth, checkIns: checkIns,
                days: (0..<56).map { offset in
                    let date = today.adding(days: offset - 56)
                    return Day(date: date, completion: Self.dayCompletion(habits, on: date, today: today, byHabit))
                }, zone: zone
            ).phrases
    }

    /// One day across habits (see the type's note on times-a-week habits).
    static func dayCompletion(
        _ habits: [Habit], on day: LocalDate, today: LocalDate, _ byHabit: [HabitID: [LocalDate: HabitCheckIn]]
    ) -> HabitCompletion {
        var result = HabitCompletion()
        for habit in habits {
            let checkIn = byHabit[habit.id]?[day]
            if case .timesPerWeek = habit.schedule {
                if habit.isRunning(on: day), checkIn?.state == .done {
                    result = result + HabitCompletion(achieved: 1, expected: 1)
                }
                continue
            }
            switch HabitDayOutcome.of(habit, on: day, checkIn: checkIn, today: today) {
            case .done: result = result + HabitCompletion(achieved: 1, expected: 1)
            case .missed: result.expected += 1
            case .skipped, .rest, .pending, .future: break
            }
        }
        return result
    }
}
