import Foundation

public typealias HabitID = Identifier<Habit>

/// Something a person means to do regularly: what counts as done on a day, on which days it is
/// due, and whether it is running, paused or put away.
public struct Habit: Hashable, Sendable, Codable, Identifiable {
    /// What makes a day done.
    public enum Measure: Hashable, Sendable, Codable {
        /// Done or not (a morning walk).
        case binary
        /// A count reaching its target ("8 glasses"), one tap at a time.
        case count(target: Int, unit: String)
        /// Minutes reaching their target, typed in or timed.
        case minutes(target: Int)

        /// How much of the measure makes the day done (1 for a yes/no habit).
        public var target: Int {
            switch self {
            case .binary: 1
            case .count(let target, _), .minutes(let target): target
            }
        }

        /// Its name in the API and the database: "binary", "count" or "minutes".
        public var kind: String {
            switch self {
            case .binary: "binary"
            case .count: "count"
            case .minutes: "minutes"
            }
        }

        /// What a count counts; nil for the other measures.
        public var unit: String? {
            if case .count(_, let unit) = self { return unit }
            return nil
        }
    }

    /// When a habit is due.
    public enum Schedule: Hashable, Sendable, Codable {
        /// On these days of the week (1 = Sunday … 7 = Saturday); the others are rest days.
        case days(Set<Int>)
        /// Any days, this many in each week (Monday to Sunday).
        case timesPerWeek(Int)

        public static let everyDay = Schedule.days(Set(1...7))

        /// The due days in order, for a days-of-week schedule.
        public var weekdays: [Int]? {
            if case .days(let days) = self { return days.sorted() }
            return nil
        }

        public var timesPerWeek: Int? {
            if case .timesPerWeek(let times) = self { return times }
            return nil
        }
    }

    public enum Status: String, Hashable, Sendable, Codable, CaseIterable {
        case active, paused, archived
    }

    /// Days a habit was paused, first to last; `to` is nil while it still is.
    public struct Pause: Hashable, Sendable, Codable {
        public var from: LocalDate
        public var to: LocalDate?

        public init(from: LocalDate, to: LocalDate? = nil) {
            self.from = from
            self.to = to
        }
    }

    public let id: HabitID
    public var name: String
    /// One emoji or symbol shown beside the name.
    public var icon: String
    public var measure: Measure
    public var schedule: Schedule
    /// Minutes after local midnight to be reminded at.
    public var reminderMinutes: Int?
    public var status: Status
    /// The first day the habit counts.
    public var startedOn: LocalDate
    public var pauses: [Pause]
    public var createdAt: Date

    public init(
        id: HabitID, name: String, icon: String = "✓", measure: Measure = .binary, schedule: Schedule = .everyDay,
        reminderMinutes: Int? = nil, status: Status = .active, startedOn: LocalDate, pauses: [Pause] = [],
        createdAt: Date
    ) {
        self.id = id
        self.name = name
        self.icon = icon
        self.measure = measure
        self.schedule = schedule
        self.reminderMinutes = reminderMinutes
        self.status = status
        self.startedOn = startedOn
        self.pauses = pauses
        self.createdAt = createdAt
    }

    public var calendar: HabitCalendar { HabitCalendar(schedule: schedule, startedOn: startedOn, pauses: pauses) }

    public func isRunning(on day: LocalDate) -> Bool { calendar.isRunning(on: day) }

    public func isDue(on day: LocalDate) -> Bool { calendar.isDue(on: day) }
}
