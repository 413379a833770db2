import Hummingbird

/// Achievements and the level.
struct AchievementsFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        AchievementsAPIController(services: services).addRoutes(to: api.root)
        AchievementPagesController(services: services).addRoutes(to: pages)
    }
}
