import Hummingbird

/// The day's figures as the fitness pillar shows them: activity, and recovery (resting heart rate and
/// heart-rate variability against the person's baseline).
struct DailyFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        FitnessPagesController(services: services).addRoutes(to: pages)
    }
}
