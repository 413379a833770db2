import Foundation

/// What a person recorded for one habit on one of their days (the calendar day where they were:
/// a check-in at 23:30 belongs to that evening's day). One per habit and day; tapping again
/// updates it.
public struct HabitCheckIn: Hashable, Sendable, Codable {
    public enum State: String, Hashable, Sendable, Codable {
        /// The day's target was reached.
        case done
        /// The person chose to skip the day.
        case skipped
        /// Some of a count or of the minutes, not yet the target.
        case partial
    }

    public let habitID: HabitID
    public let day: LocalDate
    public var state: State
    /// Count or minutes so far (1 for a done yes/no habit).
    public var amount: Int
    /// When it was last changed: of two versions of a day, the later one wins.
    public var recordedAt: Date

    public init(habitID: HabitID, day: LocalDate, state: State, amount: Int, recordedAt: Date) {
        self.habitID = habitID
        self.day = day
        self.state = state
        self.amount = amount
        self.recordedAt = recordedAt
    }

    /// A check-in holding `amount` of a habit's measure: done once the target is reached.
    public static func amount(_ amount: Int, of habit: Habit, on day: LocalDate, at time: Date) -> HabitCheckIn {
        let amount = max(0, amount)
        return HabitCheckIn(
            habitID: habit.id, day: day, state: amount >= habit.measure.target ? .done : .partial, amount: amount,
            recordedAt: time)
    }
}
