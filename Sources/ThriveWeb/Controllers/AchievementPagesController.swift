import Foundation
import Hummingbird
import ThriveCore

/// Profile › Achievements: the level and the badge gallery.
struct AchievementPagesController {
    let services: AppServices

    static let path = "/profile/achievements"

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("profile/achievements") { _, context -> Response in
            guard let owner = context.identity?.userID else { return AppPagesController.toLogin(context) }
            let page = AchievementsPage(try await services.achievements.gallery(owner))
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
