import Hummingbird

/// The pillar scores.
struct ScoresFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        ScoresAPIController(services: services).addRoutes(to: api.root)
    }
}
