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

extension HabitCheckIn {
    /// The sync record of a habit's day: the habit's ID with the day's number (days since 1970)
    /// folded into its last four bytes, so every device names the same day of the same habit alike
    /// without asking the server.
    public static func syncID(habit: HabitID, day: LocalDate) -> UUID {
        var bytes = habit.rawValue.uuid
        let number = UInt32(truncatingIfNeeded: day.daysSinceEpoch)
        bytes.12 ^= UInt8(number >> 24 & 0xFF)
        bytes.13 ^= UInt8(number >> 16 & 0xFF)
        bytes.14 ^= UInt8(number >> 8 & 0xFF)
        bytes.15 ^= UInt8(number & 0xFF)
        return UUID(uuid: bytes)
    }
}
