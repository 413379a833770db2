import Foundation
import Hummingbird
import ThriveCore

/// Profile › Achievements: the level and the badge gallery.
struct AchievementPagesController {
    let services: AppServices

    static let path = "/profile/achievements"

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("profile/achievements") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let gallery = try await services.achievements.gallery(owner)
            var page = AchievementsPage(gallery)
            page.creatorName = gallery.creatorName
            page.creatorBadges = gallery.creatorBadges.map { standing in
                let badge = standing.badge
                return AchievementsPage.CreatorBadge(
                    icon: badge.icon, name: badge.name, description: badge.description, earned: standing.earnedOn != nil,
                    status: standing.earnedOn.map {
                        t("creator.badgeEarnedOn", ["date": DisplayFormat.date($0.start(in: .gmt), in: .gmt)])
                    }
                        ?? t(
                            "creator.badgeSinceJoining",
                            [
                                "done": DisplayFormat.count(min(standing.doneSinceJoining, badge.habitDays)),
                                "days": DisplayFormat.count(badge.habitDays),
                            ]))
            }
            return services.renderer.render(
                "achievements", chrome: Chrome(title: t("achievements.title"), context: context, tab: .profile),
                content: page)
        }
    }
}

/// `GET /api/v1/achievements`: the level and every achievement with its tiers.
struct AchievementsAPIController {
    let services: AppServices

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("achievements") { _, context -> Response in
            let owner = try context.requireUser()
            return try jsonResponse(AchievementsBody(try await services.achievements.gallery(owner)))
        }
    }
}
