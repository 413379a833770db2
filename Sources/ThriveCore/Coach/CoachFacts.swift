import Foundation

/// What the coach knows about the person when it answers: their own data, read fresh each time.
public struct CoachFacts: Hashable, Sendable {
    /// One habit as the coach sees it today.
    public struct HabitFact: Hashable, Sendable {
        public let id: HabitID
        public let name: String
        public let outcome: HabitDayOutcome
        public let streak: Int
        public let bestStreak: Int
        /// Scheduled yesterday and neither done nor skipped.
        public let missedYesterday: Bool

        public init(id: HabitID, name: String, outcome: HabitDayOutcome, streak: Int, bestStreak: Int, missedYesterday: Bool) {
            self.id = id
            self.name = name
            self.outcome = outcome
            self.streak = streak
            self.bestStreak = bestStreak
            self.missedYesterday = missedYesterday
        }

        public var isOpen: Bool { outcome == .pending }
    }

    /// A program the person is following, and the day they are on.
    public struct ProgramFact: Hashable, Sendable {
        public let title: String
        public let day: Int
        public let length: Int
        public let lessonTitle: String?
        public let lessonDone: Bool

        public init(title: String, day: Int, length: Int, lessonTitle: String?, lessonDone: Bool) {
            self.title = title
            self.day = day
            self.length = length
            self.lessonTitle = lessonTitle
            self.lessonDone = lessonDone
        }
    }

    public enum DayPart: String, Hashable, Sendable {
        case morning, afternoon, evening
    }

    /// Where today stands in one pillar (the one the person asked the coach to focus on, in settings).
    public enum FocusToday: Hashable, Sendable {
        /// Steps so far today; nil when nothing has recorded any.
        case fitness(steps: Int?)
        case nutrition(meals: Int)
        case wellbeing(checkedIn: Bool)

        public var category: DataCategory {
            switch self {
            case .fitness: .fitness
            case .nutrition: .nutrition
            case .wellbeing: .wellbeing
            }
        }
    }

    public var name: String?
    public var tone: CoachingTone
    public var habits: [HabitFact]
    public var programs: [ProgramFact]
    public var dayPart: DayPart
    /// How hard the coach pushes: a step up after a milestone (aggressive), keep steady
    /// (conservative), or neither (moderate).
    public var difficulty: GoalDifficulty
    /// Nil when the focus is balanced.
    public var focus: FocusToday?
    /// Today's figure of each pillar, whatever the focus: what a hosted coach may be told, kind by
    /// kind, as the person consents.
    public var today: [FocusToday]

    public init(
        name: String? = nil, tone: CoachingTone = .supportive, habits: [HabitFact] = [], programs: [ProgramFact] = [],
        dayPart: DayPart = .morning, difficulty: GoalDifficulty = .moderate, focus: FocusToday? = nil,
        today: [FocusToday] = []
    ) {
        self.today = today
        self.name = name
        self.tone = tone
        self.habits = habits
        self.programs = programs
        self.dayPart = dayPart
        self.difficulty = difficulty
        self.focus = focus
    }

    public static func dayPart(hour: Int) -> DayPart {
        switch hour {
        case 5..<12: .morning
        case 12..<18: .afternoon
        default: .evening
        }
    }

    /// Habits that ask something of today.
    public var dueToday: [HabitFact] { habits.filter { $0.outcome != .rest } }
    public var doneToday: Int { dueToday.filter { $0.outcome == .done }.count }
    public var open: [HabitFact] { habits.filter(\.isOpen) }
    /// The habit with the longest run going, if any is running.
    public var longestRun: HabitFact? { habits.filter { $0.streak > 0 }.max { $0.streak < $1.streak } }
}
