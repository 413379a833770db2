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
            var page = AchievementsPage(try await services.achievements.gallery(owner))
            if let space = try await services.creators.space(owner), !space.branding.badges.isEmpty {
                let done = try await services.store.read { try await $0.records(of: owner).habits.doneCount() }
                page.creatorName = space.branding.name
                page.creatorBadges = space.branding.badges.map { badge in
                    AchievementsPage.CreatorBadge(
                        icon: badge.icon, name: badge.name, description: badge.description, earned: done >= badge.habitDays,
                        status: done >= badge.habitDays
                            ? t("creator.badgeEarned")
                            : t(
                                "creator.badgeToGo",
                                ["done": DisplayFormat.count(done), "days": DisplayFormat.count(badge.habitDays)]))
                }
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
