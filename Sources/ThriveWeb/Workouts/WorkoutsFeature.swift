import Hummingbird

/// Workouts: the plan's next session set by set, and other activities.
struct WorkoutsFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        EntriesAPIController.workouts.addRoutes(to: api.healthData("entries/workouts"), services: services)
        WorkoutPagesController(services: services).addRoutes(to: pages)
    }
}
