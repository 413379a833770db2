import Hummingbird

/// Habits, check-ins, streaks and progress.
struct HabitsFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        HabitsAPIController(services: services).addRoutes(to: api.healthData("habits"))
        HabitPagesController(services: services).addRoutes(to: pages)
    }
}
