import Hummingbird

/// The coach: the conversation and the coaching welcome.
struct CoachFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        CoachAPIController(services: services).addRoutes(to: api.healthData("coach"))
        CoachPagesController(services: services).addRoutes(to: pages)
        CoachingStartController(services: services).addRoutes(to: pages)
    }
}
