import Foundation

/// A program's name in addresses ("sleep-reset"), its file's name.
public typealias ProgramID = Slug<Program>

/// A guided plan of several days: a lesson for each day and the habits it asks the person to keep
/// while it runs. Programs are written as content (Markdown files), not code.
public struct Program: Hashable, Sendable, Identifiable {
    /// One day's lesson.
    public struct Day: Hashable, Sendable {
        /// 1-based.
        public let number: Int
        public let title: String
        /// The lesson as Markdown.
        public let lesson: String

        public init(number: Int, title: String, lesson: String) {
            self.number = number
            self.title = title
            self.lesson = lesson
        }
    }

    public let id: ProgramID
    public let title: String
    public let icon: String
    /// What it is for, one line.
    public let summary: String
    /// Who it suits ("Beginner friendly").
    public let level: String
    /// The coaching goal it serves (onboarding suggests programs by goal).
    public let goal: CoachingGoal
    /// The habits enrolling adds to today, described as a person would in the habit form.
    public let habits: [HabitDraft]
    public let days: [Day]
    /// The language its words are written in, when known (Thrive's own programs are English).
    public var language: Language?

    public init(
        id: ProgramID, title: String, icon: String, summary: String, level: String, goal: CoachingGoal,
        habits: [HabitDraft], days: [Day]
    ) {
        self.id = id
        self.title = title
        self.icon = icon
        self.summary = summary
        self.level = level
        self.goal = goal
        self.habits = habits
        self.days = days
    }

    public var length: Int { days.count }

    public func day(_ number: Int) -> Day? {
        days.indices.contains(number - 1) ? days[number - 1] : nil
    }
}

/// What a person wants to work on first: the five focuses of coaching onboarding.
public enum CoachingGoal: String, Hashable, Sendable, Codable, CaseIterable {
    case exercise, nutrition, sleep, stress, growth
}
