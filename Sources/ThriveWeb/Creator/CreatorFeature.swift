import Hummingbird

/// Creators' branded spaces, their writing, and the people in them.
struct CreatorFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        CreatorAPIController(services: services).addRoutes(to: api.healthData("creator"))
        CreatorPagesController(services: services).addRoutes(to: pages)
    }
}
