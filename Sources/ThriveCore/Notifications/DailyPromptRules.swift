import Foundation

/// When spec 000's daily prompts have something to say. Pure: the job runner gathers the facts
/// (today's logs, this week's workouts, the recovery value) and asks.
public enum DailyPromptRules {
    /// Spec 000: a recovery alert when the Fitness pillar's recovery is below 50 (of 100), compared
    /// in whole points as the dashboard shows it: 49.5 shows as 50 and is not low.
    public static func recoveryIsLow(_ recovery: Double) -> Bool {
        Int((recovery * 100).rounded()) < 50
    }

    /// Spec 000's "planned training day", for a plan of sessions per week without fixed days: a
    /// day with no workout yet, in a week (Monday to Sunday) that still has sessions to do, when
    /// either the person rested the day before or the sessions left need every day that is left.
    public static func isTrainingDay(_ day: LocalDate, sessionsPerWeek: Int, workoutDays: Set<LocalDate>) -> Bool {
        guard sessionsPerWeek > 0, !workoutDays.contains(day) else { return false }
        let sinceMonday = (day.weekday + 5) % 7
        let monday = day.adding(days: -sinceMonday)
        let done = workoutDays.filter { $0 >= monday && $0 < day }.count
        let left = sessionsPerWeek - done
        guard left > 0 else { return false }
        let daysLeft = 7 - sinceMonday
        return left >= daysLeft || !workoutDays.contains(day.adding(days: -1))
    }

    /// Spec 000: a coaching nudge after 3 days without activity (nothing logged, no habit ticked),
    /// once per quiet spell: its key is the last active day.
    public static let quietDays = 3

    public static func needsNudge(lastActive: LocalDate?, joined: LocalDate, today: LocalDate) -> Bool {
        today.days(since: max(lastActive ?? joined, joined)) >= quietDays
    }

    /// Spec 000: new insights at most weekly; the week (its Monday) keys the notification.
    public static func insightWeek(of day: LocalDate) -> LocalDate {
        day.adding(days: -((day.weekday + 5) % 7))
    }
}
