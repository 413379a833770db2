import Foundation

/// The achievements a person can earn, each with its tiers. A tier is earned once, the day its
/// rule is first met, and kept: undoing a check-in later does not take a badge back.
///
/// - early_bird: every morning habit (one with a reminder before noon) done, N days in a row.
/// - consistency_champion: 80 % or more of the day's due habits done, N days in a row.
/// - hydration_hero: a water habit (💧 or counted in glasses, cups, bottles, ml or litres) reaching
///   its target N days in a row.
/// - first_week: the first seven days of coaching over (counted from the first habit's start),
///   with a habit done on at least one of them. Once.
/// - program_graduate: a program finished; earned again for each one.
/// - conversation_starter: 10 messages sent to the coach.
///
/// Days on which nothing of the kind was due pass without breaking a run; today joins a run once
/// it meets the rule, and a today still in progress never breaks one.
public enum Achievement: String, Hashable, Sendable, Codable, CaseIterable {
    case earlyBird = "early_bird"
    case consistencyChampion = "consistency_champion"
    case hydrationHero = "hydration_hero"
    case firstWeek = "first_week"
    case programGraduate = "program_graduate"
    case conversationStarter = "conversation_starter"

    /// What each tier asks: days in a row, a count, or 1 for a one-time badge.
    public var tiers: [Int] {
        switch self {
        case .earlyBird, .consistencyChampion, .hydrationHero: [7, 14, 30, 90]
        case .firstWeek: [1]
        case .programGraduate: [1]
        case .conversationStarter: [10]
        }
    }

    /// Earned again each time its rule is met anew (each program finished).
    public var isRepeatable: Bool { self == .programGraduate }

    public var icon: String {
        switch self {
        case .earlyBird: "🌅"
        case .consistencyChampion: "🏆"
        case .hydrationHero: "💧"
        case .firstWeek: "🎉"
        case .programGraduate: "🎓"
        case .conversationStarter: "💬"
        }
    }

    /// The longest runs any tier asks for: history older than this never changes an award.
    public static let longestRun = 90
}

/// One earned tier: `tier` is the threshold (7, 14 …), or for a repeatable badge the how-manieth
/// time it was earned.
public struct AchievementAward: Hashable, Sendable, Codable {
    public let achievement: Achievement
    public let tier: Int
    public let earnedOn: LocalDate

    public init(achievement: Achievement, tier: Int, earnedOn: LocalDate) {
        self.achievement = achievement
        self.tier = tier
        self.earnedOn = earnedOn
    }
}
