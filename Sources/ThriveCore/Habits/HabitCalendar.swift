import Foundation

/// Which days a habit counts and is due on: its schedule, its first day and its pauses. Apart from
/// the rest of the habit so that the reminder planner can ask it of thousands of habits without
/// reading their names, measures and streaks.
public struct HabitCalendar: Hashable, Sendable {
    public var schedule: Habit.Schedule
    public var startedOn: LocalDate
    public var pauses: [Habit.Pause]

    public init(schedule: Habit.Schedule, startedOn: LocalDate, pauses: [Habit.Pause] = []) {
        self.schedule = schedule
        self.startedOn = startedOn
        self.pauses = pauses
    }

    /// Whether the habit counted on `day` at all: started, not paused then. Archiving keeps the
    /// days before it as they were; nothing after it counts.
    public func isRunning(on day: LocalDate) -> Bool {
        guard day >= startedOn else { return false }
        return !pauses.contains { day >= $0.from && ($0.to.map { day <= $0 } ?? true) }
    }

    /// Whether `day` is one the habit is due on: running and, for a days-of-week habit, one of its
    /// days. Every running day is possible for a times-per-week habit.
    public func isDue(on day: LocalDate) -> Bool {
        guard isRunning(on: day) else { return false }
        if case .days(let weekdays) = schedule { return weekdays.contains(day.weekday) }
        return true
    }
}
