import Foundation
import ThriveCore

/// A habit as the API shows it, with how today stands and its streak.
struct HabitBody: Codable, Sendable {
    struct Today: Codable, Sendable {
        let day: String
        /// rest, done, skipped, pending (due, not done yet).
        let outcome: String
        /// Count or minutes so far today.
        let amount: Int
    }

    struct Streak: Codable, Sendable {
        let current: Int
        let best: Int
        /// "days", or "weeks" for a times-per-week habit.
        let unit: String
    }

    let id: String
    let name: String
    let icon: String
    let measure: String
    let target: Int
    let unit: String?
    let weekdays: [Int]?
    let timesPerWeek: Int?
    let reminder: String?
    let status: String
    let startedOn: String
    let today: Today
    let streak: Streak
    /// A line to keep the person going, in their language.
    let motivation: String

    init(_ view: HabitToday, day: LocalDate) {
        let habit = view.habit
        id = habit.id.description
        name = habit.name
        icon = habit.icon
        measure = habit.measure.kind
        unit = habit.measure.unit
        target = habit.measure.target
        weekdays = habit.schedule.weekdays
        timesPerWeek = habit.schedule.timesPerWeek
        reminder = habit.reminderMinutes.map { String(format: "%02d:%02d", $0 / 60, $0 % 60) }
        status = habit.status.rawValue
        startedOn = habit.startedOn.iso8601
        today = Today(day: day.iso8601, outcome: view.outcome.rawValue, amount: view.checkIn?.amount ?? 0)
        streak = Streak(current: view.streak, best: view.bestStreak, unit: view.streakInWeeks ? "weeks" : "days")
        motivation = t(view.motivation)
    }
}

struct HabitListBody: Codable, Sendable {
    let day: String
    let habits: [HabitBody]
}

/// A day's check-in as the API shows it.
struct HabitCheckInBody: Codable, Sendable {
    let day: String
    let state: String
    let amount: Int
    let recordedAt: Date

    init(_ checkIn: HabitCheckIn) {
        day = checkIn.day.iso8601
        state = checkIn.state.rawValue
        amount = checkIn.amount
        recordedAt = checkIn.recordedAt
    }
}

/// What a check-in did: the day before (to undo with) and after, and the habit now.
struct HabitCheckInResultBody: Codable, Sendable {
    let previous: HabitCheckInBody?
    let checkIn: HabitCheckInBody?
    let habit: HabitBody
    /// Achievement tiers this check-in earned.
    let awards: [AchievementAwardBody]
}

/// `GET /api/v1/habits/progress`: completion over today, this week and 30 days, each habit's
/// streaks and week, the daily trend and calendar, and insights in the person's language.
struct HabitProgressBody: Codable, Sendable {
    struct Completion: Codable, Sendable {
        let achieved: Double
        let expected: Double
        /// 0–1; null when nothing was asked yet.
        let rate: Double?

        init(_ completion: HabitCompletion) {
            achieved = (completion.achieved * 100).rounded() / 100
            expected = (completion.expected * 100).rounded() / 100
            rate = completion.rate.map { ($0 * 1000).rounded() / 1000 }
        }
    }

    struct Completions: Codable, Sendable {
        let today: Completion
        let week: Completion
        let month: Completion
        let previousMonth: Completion
    }

    struct Habit: Codable, Sendable {
        let id: String
        let name: String
        let icon: String
        let status: String
        let streak: HabitBody.Streak
        let month: Completion
        let doneInMonth: Int
        /// Monday to Sunday: rest, done, skipped, missed, pending or future.
        let week: [String]
    }

    struct Day: Codable, Sendable {
        let day: String
        let rate: Double?
    }

    let day: String
    let completion: Completions
    let habits: [Habit]
    let trend: [Day]
    let calendar: [Day]
    let insights: [String]

    init(_ progress: HabitProgress) {
        day = progress.today.iso8601
        completion = Completions(
            today: Completion(progress.day), week: Completion(progress.week), month: Completion(progress.month),
            previousMonth: Completion(progress.previousMonth))
        habits = progress.rows.map { row in
            Habit(
                id: row.habit.id.description, name: row.habit.name, icon: row.habit.icon, status: row.habit.status.rawValue,
                streak: HabitBody.Streak(current: row.current, best: row.best, unit: row.inWeeks ? "weeks" : "days"),
                month: Completion(row.month), doneInMonth: row.doneInMonth, week: row.week.map(\.rawValue))
        }
        func days(_ list: [HabitProgress.Day]) -> [Day] {
            list.map { Day(day: $0.date.iso8601, rate: $0.completion.rate.map { ($0 * 1000).rounded() / 1000 }) }
        }
        trend = days(progress.trend)
        calendar = days(progress.calendar)
        insights = progress.insights.map(t)
    }
}
