import Hummingbird

/// Safety alerts and their acknowledgement.
struct SafetyFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        SafetyAPIController(services: services).addRoutes(to: api.root)
        SafetyPagesController(services: services).addRoutes(to: pages)
    }
}
