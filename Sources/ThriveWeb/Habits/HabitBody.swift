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
}
