import Foundation

/// How a day went for a habit.
public enum HabitDayOutcome: String, Hashable, Sendable, Codable {
    /// Not due: a rest day of its schedule, before it started, or while paused.
    case rest
    case done
    /// Skipped by choice: it neither adds to a streak nor ends it.
    case skipped
    /// Due, over, and not done: it ends a streak.
    case missed
    /// Today, not done yet: nothing is decided.
    case pending
    case future

    /// How a day went, given its check-in (if any) and which day is today.
    public static func of(_ habit: Habit, on day: LocalDate, checkIn: HabitCheckIn?, today: LocalDate) -> HabitDayOutcome {
        if day > today { return .future }
        guard habit.isRunning(on: day) else { return .rest }
        switch checkIn?.state {
        case .done?: return .done
        case .skipped?: return .skipped
        case .partial?, nil:
            if case .days(let weekdays) = habit.schedule, !weekdays.contains(day.weekday) { return .rest }
            return day == today ? .pending : .missed
        }
    }
}

extension LocalDate {
    /// The Monday of this date's week (weeks run Monday to Sunday, as ISO 8601 has them).
    public var weekStart: LocalDate { adding(days: -((weekday + 5) % 7)) }
}
