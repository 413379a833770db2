import Foundation
import ThriveCore
import ThriveStore

/// The level and the achievements as the API shows them.
struct AchievementsBody: Codable, Sendable {
    struct Level: Codable, Sendable {
        let number: Int
        /// beginner, developing, consistent, advanced or master.
        let key: String
        let name: String
        let points: Int
        let nextAt: Int?
        let progressToNext: Double
    }

    struct Tier: Codable, Sendable {
        let tier: Int
        let label: String
        let earnedOn: String?
    }

    struct Item: Codable, Sendable {
        let id: String
        let icon: String
        let name: String
        let description: String
        let repeatable: Bool
        /// What counts toward the next tier now (days in a row, messages, programs).
        let value: Int
        let tiers: [Tier]
    }

    /// A badge of the person's creator: earned by habit days done since joining the space.
    struct CreatorBadgeItem: Codable, Sendable {
        let id: String
        let icon: String
        let name: String
        let description: String
        let habitDays: Int
        /// Habit days done since joining.
        let value: Int
        let earnedOn: String?
    }

    let level: Level
    let achievements: [Item]
    let creatorBadges: [CreatorBadgeItem]

    init(_ gallery: AchievementService.Gallery) {
        let level = gallery.level
        self.level = Level(
            number: level.number, key: level.name.rawValue, name: AchievementText.levelName(level), points: level.points,
            nextAt: level.nextAt, progressToNext: level.progressToNext)
        creatorBadges = gallery.creatorBadges.map {
            CreatorBadgeItem(
                id: $0.badge.id, icon: $0.badge.icon, name: $0.badge.name, description: $0.badge.description,
                habitDays: $0.badge.habitDays, value: $0.doneSinceJoining, earnedOn: $0.earnedOn?.iso8601)
        }
        achievements = Achievement.allCases.map { achievement in
            Item(
                id: achievement.rawValue, icon: achievement.icon, name: AchievementText.name(achievement),
                description: AchievementText.description(achievement), repeatable: achievement.isRepeatable,
                value: gallery.facts.value(of: achievement),
                tiers: gallery.tiers(of: achievement).map {
                    Tier(tier: $0.tier, label: AchievementText.tier(achievement, $0.tier), earnedOn: $0.earnedOn?.iso8601)
                })
        }
    }
}

/// A tier just earned, as a write that earned it answers.
struct AchievementAwardBody: Codable, Sendable {
    let achievement: String
    let tier: Int
    /// "New badge: Early bird (7 days in a row)".
    let message: String

    init(_ award: AchievementAward) {
        achievement = award.achievement.rawValue
        tier = award.tier
        message = AchievementText.newBadge(award.achievement, award.tier)
    }

    /// A creator's badge: `creator:` and the badge's id, tier 1.
    init(_ award: CreatorBadgeAward) {
        achievement = "creator:\(award.badgeID)"
        tier = 1
        message = CreatorBadges.newBadge(award)
    }
}
