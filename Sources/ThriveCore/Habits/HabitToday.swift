import Foundation

/// One habit as today's list shows it: today's check-in, how the day stands, the streak, and a
/// line to keep the person going.
public struct HabitToday: Hashable, Sendable {
    public let habit: Habit
    /// The person's day this view is of.
    public let day: LocalDate
    public let checkIn: HabitCheckIn?
    public let outcome: HabitDayOutcome
    public let streak: Int
    public let bestStreak: Int
    /// Whether the streak counts weeks (a times-per-week habit) rather than days.
    public let streakInWeeks: Bool
    public let motivation: Phrase

    /// Builds today's view from the kept streak and the check-ins after it (today's among them).
    public init(_ tracked: HabitStreak, of habit: Habit, today: LocalDate, recent: [LocalDate: HabitCheckIn]) {
        self.habit = habit
        day = today
        checkIn = recent[today]
        outcome = HabitDayOutcome.of(habit, on: today, checkIn: recent[today], today: today)
        let shown = tracked.shown(habit, today: today, recent: recent)
        streak = shown.current
        bestStreak = shown.best
        streakInWeeks = HabitStreak.inWeeks(habit)
        motivation = Self.motivation(
            outcome: outcome, amount: recent[today]?.amount ?? 0, habit: habit, streak: shown.current, best: shown.best,
            inWeeks: streakInWeeks)
    }

    /// Whether the habit asks anything of today (a rest day of its schedule does not).
    public var isDueToday: Bool { outcome != .rest }

    static func motivation(
        outcome: HabitDayOutcome, amount: Int, habit: Habit, streak: Int, best: Int, inWeeks: Bool
    ) -> Phrase {
        switch outcome {
        case .done:
            if HabitMilestones.days.contains(streak) {
                return Phrase(
                    inWeeks ? "habit.motivation.milestoneWeeks" : "habit.motivation.milestoneDays", ["count": .integer(streak)])
            }
            return Phrase("habit.motivation.done")
        case .skipped: return Phrase("habit.motivation.skipped")
        case .rest: return Phrase("habit.motivation.rest")
        case .missed, .future: return Phrase("habit.motivation.start")
        case .pending:
            if amount > 0 { return Phrase("habit.motivation.left", ["count": .integer(habit.measure.target - amount)]) }
            if streak > 0 {
                return Phrase(inWeeks ? "habit.motivation.keepWeeks" : "habit.motivation.keepDays", ["count": .integer(streak)])
            }
            if best > 0 { return Phrase("habit.motivation.again") }
            return Phrase("habit.motivation.start")
        }
    }
}

/// Streak lengths worth celebrating.
public enum HabitMilestones {
    public static let days: Set<Int> = [7, 14, 30, 60, 90]
}
