import Foundation
import ThriveCore

/// The badge gallery: the level with the way to the next, then every achievement with its tiers,
/// earned ones dated and the rest showing how far along they are.
struct AchievementsPage: Sendable {
    /// A creator's own badges, earned by habit days done.
    struct CreatorBadge: Sendable {
        let icon: String
        let name: String
        let description: String
        let earned: Bool
        let status: String
    }

    var creatorName: String?
    var creatorBadges: [CreatorBadge] = []

    struct Level: Sendable {
        let number: Int
        let name: String
        /// "Level 2 of 5".
        let ofFive: String
        let points: String
        /// "70 points to Consistent"; nil at Master.
        let toNext: String?
        let progressPercent: Int
        /// "Consistent: 70%", for the progress bar's name.
        let progressLabel: String

        init(_ level: CoachingLevel) {
            number = level.number
            name = AchievementText.levelName(level)
            ofFive = t("level.ofFive", ["number": DisplayFormat.count(level.number)])
            points = Localizer.current.plural("level.points", level.points)
            toNext = level.nextAt.map { next in
                t(
                    "level.toNext",
                    [
                        "points": DisplayFormat.count(next - level.points),
                        "name": AchievementText.levelName(CoachingLevel(points: next)),
                    ])
            }
            progressPercent = Int((level.progressToNext * 100).rounded(.down))
            progressLabel = "\(name): \(DisplayFormat.percent(Double(progressPercent) / 100))"
        }
    }

    struct Tier: Sendable {
        let label: String
        let earned: Bool
        /// "Earned 24 Nov 2026" or "Not earned yet".
        let status: String
    }

    struct Badge: Sendable {
        let id: String
        /// Markup of Thrive's own icon for it.
        let icon: String
        let name: String
        let description: String
        let tiers: [Tier]
        let earned: Bool
        /// "5 of 7 days in a row toward the next tier".
        let progress: String?
    }

    let level: Level
    let badges: [Badge]
    let earnedCount: String
    /// Tiers counted just now, from history brought in at once.
    let new: [String]
    let hasNew: Bool
    let rule: String

    init(_ gallery: AchievementService.Gallery) {
        level = Level(gallery.level)
        badges = Achievement.allCases.map { achievement in
            let tiers = gallery.tiers(of: achievement)
            let next = tiers.first { $0.earnedOn == nil }?.tier
            return Badge(
                id: achievement.rawValue, icon: AchievementText.icon(achievement).svg, name: AchievementText.name(achievement),
                description: AchievementText.description(achievement),
                tiers: tiers.map { tier in
                    Tier(
                        label: AchievementText.tier(achievement, tier.tier), earned: tier.earnedOn != nil,
                        status: tier.earnedOn.map { t(Phrase("achievement.earnedOn", ["date": .date($0)])) }
                            ?? t("achievement.notYet"))
                }, earned: tiers.contains { $0.earnedOn != nil },
                progress: next.flatMap { next in
                    achievement.isRepeatable || achievement == .firstWeek
                        ? nil
                        : t(
                            "achievement.progress",
                            [
                                "value": DisplayFormat.count(min(gallery.facts.value(of: achievement), next)),
                                "tier": AchievementText.tier(achievement, next),
                            ])
                })
        }
        earnedCount = Localizer.current.plural("achievements.earnedCount", gallery.awards.count)
        new = gallery.new.map { AchievementText.newBadge($0.achievement, $0.tier) }
        hasNew = !new.isEmpty
        rule = t(
            "level.rule",
            [
                "day": DisplayFormat.count(CoachingLevel.pointsPerHabitDay),
                "tier": DisplayFormat.count(CoachingLevel.pointsPerTier),
                "program": DisplayFormat.count(CoachingLevel.pointsPerProgram),
            ])
    }
}
