import Foundation
import ThriveCore

/// How achievements and levels read, in the person's language.
enum AchievementText {
    /// Thrive's own icon for an achievement (the API keeps the emoji for apps that draw them).
    static func icon(_ achievement: Achievement) -> Icon {
        switch achievement {
        case .earlyBird: .sunrise
        case .consistencyChampion: .trophy
        case .hydrationHero: .drop
        case .firstWeek: .party
        case .programGraduate: .cap
        case .conversationStarter: .chat
        }
    }

    static func name(_ achievement: Achievement) -> String { t("achievement.\(achievement.rawValue).name") }

    static func description(_ achievement: Achievement) -> String {
        t("achievement.\(achievement.rawValue).description")
    }

    /// What a tier asks: "7 days in a row", "10 messages", "Once", "2 programs finished".
    static func tier(_ achievement: Achievement, _ tier: Int) -> String {
        switch achievement {
        case .earlyBird, .consistencyChampion, .hydrationHero: Localizer.current.plural("achievement.tier.days", tier)
        case .firstWeek: t("achievement.tier.once")
        case .programGraduate: Localizer.current.plural("achievement.tier.programs", tier)
        case .conversationStarter: Localizer.current.plural("achievement.tier.messages", tier)
        }
    }

    /// "New badge: Early bird (7 days in a row)".
    static func newBadge(_ achievement: Achievement, _ tier: Int) -> String {
        t("achievement.newBadge", ["name": name(achievement), "tier": Self.tier(achievement, tier)])
    }

    static func levelName(_ level: CoachingLevel) -> String { t("level.\(level.name.rawValue)") }

    /// Awards carried in a redirect: "early_bird.7,first_week.1".
    static func token(_ awards: [AchievementAward]) -> String {
        awards.map { "\($0.achievement.rawValue).\($0.tier)" }.joined(separator: ",")
    }

    static func awards(fromToken token: String?) -> [(Achievement, Int)] {
        (token ?? "").split(separator: ",").prefix(12).compactMap { part in
            let pieces = part.split(separator: ".")
            guard pieces.count == 2, let achievement = Achievement(rawValue: String(pieces[0])),
                let tier = Int(pieces[1]), tier > 0
            else { return nil }
            return (achievement, tier)
        }
    }
}
