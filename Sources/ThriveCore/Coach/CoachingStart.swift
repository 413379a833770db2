import Foundation

/// The coaching space's five welcome screens (spec 002): who the coach is, a goal to focus on, how
/// the person likes to build habits with one to three suggested habits to start with, reminders,
/// and a summary. Each answer is kept as it is given, so a person who leaves comes back to the step
/// they were on; none can be skipped, since each shapes what the coach sets up.
public struct CoachingStart: Hashable, Sendable, Codable {
    public enum Step: String, Hashable, Sendable, Codable, CaseIterable {
        case welcome, goal, habits, reminders, ready
    }

    /// How the person likes to take on habits.
    public enum Approach: String, Hashable, Sendable, Codable, CaseIterable {
        /// Small versions first (recommended for beginners).
        case startSmall
        /// The full version from day one.
        case bigChanges
        /// A single habit (recommended for busy schedules).
        case oneThing

        /// How many suggested habits may be picked.
        public var allowed: ClosedRange<Int> { self == .oneThing ? 1...1 : 1...3 }
    }

    /// The spec's three reminder switches and the best time for them.
    public struct Reminders: Hashable, Sendable, Codable {
        public var habitReminders = true
        public var checkIns = true
        public var celebrations = true
        /// "HH:MM", local time; habits picked here are reminded then.
        public var time = "09:00"

        public init() {}
    }

    public var welcomed = false
    public var goal: CoachingGoal?
    public var approach: Approach?
    /// Suggested habits picked, by id.
    public var habits: [String] = []
    /// Set once the reminders screen was answered.
    public var reminders: Reminders?
    public var completedAt: Date?

    public init() {}

    public var isComplete: Bool { completedAt != nil }

    /// The first screen not answered yet: where a returning person picks up.
    public var current: Step {
        if !welcomed { return .welcome }
        if goal == nil { return .goal }
        if approach == nil || habits.isEmpty { return .habits }
        if reminders == nil { return .reminders }
        return .ready
    }

    /// A screen can be opened once every screen before it is answered.
    public func canOpen(_ step: Step) -> Bool {
        Step.allCases.firstIndex(of: step)! <= Step.allCases.firstIndex(of: current)!
    }

    /// The goal's suggestions picked, checked against the approach's limit.
    public static func picked(_ ids: [String], goal: CoachingGoal, approach: Approach) throws(ValidationError) -> [String] {
        let known = Set(SuggestedHabit.all(for: goal).map(\.id))
        let unique = ids.reduce(into: [String]()) { list, id in if !list.contains(id) { list.append(id) } }
        guard unique.allSatisfy(known.contains) else { throw .because("habits", "coachStartUnknownHabit") }
        guard approach.allowed.contains(unique.count) else {
            if approach == .oneThing { throw .because("habits", "coachStartOneHabit") }
            throw .because("habits", "coachStartHabitCount", ["high": .integer(approach.allowed.upperBound)])
        }
        return unique
    }

    public static func reminderTime(_ text: String) throws(ValidationError) -> String {
        guard QuietHours.minutes(text) != nil else { throw .because("time", "coachStartTime") }
        return text
    }
}

/// A habit the coach suggests for a goal, in a small and a full version. Its name is catalog text
/// (`coachStart.habit.<id>`), written into the habit in the person's language when it is created.
public struct SuggestedHabit: Hashable, Sendable {
    public let id: String
    public let icon: String
    let small: Measure
    let full: Measure
    let timesPerWeek: Int?

    enum Measure: Hashable, Sendable {
        case done
        case minutes(Int)
        case count(Int, unit: String)
    }

    /// The habit to create: the small version unless the person jumps in with bigger changes.
    public func draft(name: String, unit: String?, approach: CoachingStart.Approach, reminder: String?) -> HabitDraft {
        let measure = approach == .bigChanges ? full : small
        var draft = HabitDraft(name: name, icon: icon, timesPerWeek: timesPerWeek, reminder: reminder)
        switch measure {
        case .done: break
        case .minutes(let minutes):
            draft.measure = "minutes"
            draft.target = minutes
        case .count(let count, _):
            draft.measure = "count"
            draft.target = count
            draft.unit = unit
        }
        return draft
    }

    /// The unit's catalog key, for a counted habit.
    public var unitKey: String? {
        if case .count(_, let unit) = small { return "coachStart.unit.\(unit)" }
        return nil
    }

    /// The target the person will see, for the summary.
    public func target(_ approach: CoachingStart.Approach) -> Int? {
        switch approach == .bigChanges ? full : small {
        case .done: nil
        case .minutes(let minutes): minutes
        case .count(let count, _): count
        }
    }

    public static func all(for goal: CoachingGoal) -> [SuggestedHabit] {
        switch goal {
        case .exercise:
            [
                SuggestedHabit(id: "walk", icon: "🚶", small: .minutes(10), full: .minutes(30), timesPerWeek: nil),
                SuggestedHabit(id: "stretch", icon: "🤸", small: .minutes(5), full: .minutes(15), timesPerWeek: nil),
                SuggestedHabit(id: "stairs", icon: "🪜", small: .done, full: .done, timesPerWeek: nil),
                SuggestedHabit(id: "strength", icon: "🏋", small: .minutes(15), full: .minutes(40), timesPerWeek: 3),
            ]
        case .nutrition:
            [
                SuggestedHabit(
                    id: "water", icon: "💧", small: .count(6, unit: "glasses"), full: .count(8, unit: "glasses"), timesPerWeek: nil
                ),
                SuggestedHabit(
                    id: "vegetables", icon: "🥦", small: .count(2, unit: "portions"), full: .count(5, unit: "portions"),
                    timesPerWeek: nil),
                SuggestedHabit(id: "fruitSnack", icon: "🍎", small: .done, full: .done, timesPerWeek: nil),
                SuggestedHabit(id: "cookAtHome", icon: "🍳", small: .done, full: .done, timesPerWeek: 3),
            ]
        case .sleep:
            [
                SuggestedHabit(id: "screensOff", icon: "📵", small: .done, full: .done, timesPerWeek: nil),
                SuggestedHabit(id: "sameWakeTime", icon: "⏰", small: .done, full: .done, timesPerWeek: nil),
                SuggestedHabit(id: "windDown", icon: "🌙", small: .minutes(10), full: .minutes(30), timesPerWeek: nil),
                SuggestedHabit(id: "noLateCaffeine", icon: "☕", small: .done, full: .done, timesPerWeek: nil),
            ]
        case .stress:
            [
                SuggestedHabit(id: "breathe", icon: "🌬", small: .minutes(3), full: .minutes(10), timesPerWeek: nil),
                SuggestedHabit(id: "outside", icon: "🌳", small: .minutes(10), full: .minutes(30), timesPerWeek: nil),
                SuggestedHabit(id: "journal", icon: "📓", small: .done, full: .done, timesPerWeek: nil),
                SuggestedHabit(id: "goodThings", icon: "🙏", small: .done, full: .done, timesPerWeek: nil),
            ]
        case .growth:
            [
                SuggestedHabit(id: "read", icon: "📖", small: .minutes(10), full: .minutes(30), timesPerWeek: nil),
                SuggestedHabit(id: "learn", icon: "🎓", small: .minutes(15), full: .minutes(45), timesPerWeek: nil),
                SuggestedHabit(id: "planTomorrow", icon: "🗒", small: .done, full: .done, timesPerWeek: nil),
                SuggestedHabit(id: "gratitude", icon: "💌", small: .done, full: .done, timesPerWeek: nil),
            ]
        }
    }
}
