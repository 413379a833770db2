import Foundation

/// A person's place in a program: the day they started, the days they have marked done, and
/// whether they are still in it. Day X is counted from the start in the person's days, so a
/// program never runs ahead of the calendar and never skips a day the person has not reached.
public struct ProgramEnrollment: Hashable, Sendable, Codable {
    public enum Status: String, Hashable, Sendable, Codable {
        case active, completed, left
    }

    public let programID: ProgramID
    public var startedOn: LocalDate
    public var completedDays: Set<Int>
    public var status: Status
    /// The day it was completed or left.
    public var endedOn: LocalDate?
    /// The habits enrolling added; leaving archives them, completing keeps them.
    public var habitIDs: [HabitID]
    /// Habits the person already kept and chose to follow the program with, instead of a new one
    /// alike: they count for the program, and leaving it leaves them as they were.
    public var reusedHabitIDs: [HabitID]

    /// Every habit the program follows: those it added and those the person brought.
    public var followedHabitIDs: [HabitID] { habitIDs + reusedHabitIDs }

    public init(
        programID: ProgramID, startedOn: LocalDate, completedDays: Set<Int> = [], status: Status = .active,
        endedOn: LocalDate? = nil, habitIDs: [HabitID] = [], reusedHabitIDs: [HabitID] = []
    ) {
        self.programID = programID
        self.startedOn = startedOn
        self.completedDays = completedDays
        self.status = status
        self.endedOn = endedOn
        self.habitIDs = habitIDs
        self.reusedHabitIDs = reusedHabitIDs
    }

    private enum CodingKeys: String, CodingKey {
        case programID, startedOn, completedDays, status, endedOn, habitIDs, reusedHabitIDs
    }

    /// Enrollments stored before habits could be reused read as having none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        programID = try container.decode(ProgramID.self, forKey: .programID)
        startedOn = try container.decode(LocalDate.self, forKey: .startedOn)
        completedDays = try container.decode(Set<Int>.self, forKey: .completedDays)
        status = try container.decode(Status.self, forKey: .status)
        endedOn = try container.decodeIfPresent(LocalDate.self, forKey: .endedOn)
        habitIDs = try container.decode([HabitID].self, forKey: .habitIDs)
        reusedHabitIDs = try container.decodeIfPresent([HabitID].self, forKey: .reusedHabitIDs) ?? []
    }

    /// The program day `today` falls on: 1 on the day of enrolling, never past the last day.
    public func currentDay(today: LocalDate, length: Int) -> Int {
        min(max(today.days(since: startedOn) + 1, 1), length)
    }

    /// Days done out of the program's length, 0 to 1.
    public func fractionDone(length: Int) -> Double {
        length == 0 ? 0 : Double(completedDays.filter { (1...length).contains($0) }.count) / Double(length)
    }

    /// Marks a day's lesson done. A day not yet reached cannot be; marking the last undone day
    /// completes the program.
    public mutating func complete(day: Int, today: LocalDate, length: Int) throws(ProgramRuleError) {
        guard status == .active else { throw .notEnrolled }
        guard (1...length).contains(day) else { throw .noSuchDay(length) }
        guard day <= currentDay(today: today, length: length) else { throw .dayNotReached(day) }
        completedDays.insert(day)
        if completedDays.isSuperset(of: 1...length) {
            status = .completed
            endedOn = today
        }
    }

    public mutating func leave(today: LocalDate) throws(ProgramRuleError) {
        guard status == .active else { throw .notEnrolled }
        status = .left
        endedOn = today
    }
}

public enum ProgramRuleError: Error, Hashable, Sendable {
    case notEnrolled
    case alreadyEnrolled
    case noSuchDay(Int)
    case dayNotReached(Int)
}

/// Every program a person has joined, newest last; joining again after leaving or finishing
/// starts a new enrollment at day 1.
public struct ProgramEnrollments: Hashable, Sendable, Codable {
    public var all: [ProgramEnrollment]

    public init(_ all: [ProgramEnrollment]) { self.all = all }
    public init() { all = [] }

    /// The running enrollment in a program, if any.
    public func active(_ id: ProgramID) -> ProgramEnrollment? {
        all.last { $0.programID == id && $0.status == .active }
    }

    /// The latest enrollment in a program, running or not.
    public func latest(_ id: ProgramID) -> ProgramEnrollment? {
        all.last { $0.programID == id }
    }

    public var activeOnes: [ProgramEnrollment] { all.filter { $0.status == .active } }

    /// How many programs the person has finished (a program finished twice counts twice).
    public var completedCount: Int { all.filter { $0.status == .completed }.count }

    public mutating func enroll(
        _ id: ProgramID, today: LocalDate, habitIDs: [HabitID], reusing reused: [HabitID] = []
    ) throws(ProgramRuleError) {
        guard active(id) == nil else { throw .alreadyEnrolled }
        all.append(ProgramEnrollment(programID: id, startedOn: today, habitIDs: habitIDs, reusedHabitIDs: reused))
    }

    /// Changes the running enrollment in a program.
    public mutating func update(_ id: ProgramID, _ change: (inout ProgramEnrollment) throws -> Void) throws {
        guard let index = all.lastIndex(where: { $0.programID == id && $0.status == .active }) else {
            throw ProgramRuleError.notEnrolled
        }
        try change(&all[index])
    }
}
