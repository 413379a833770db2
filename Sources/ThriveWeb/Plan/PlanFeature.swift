import Hummingbird

/// The nutrition plan and the training program.
struct PlanFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        PlanAPIController(services: services).addRoutes(to: api.root)
        PlanPagesController(services: services).addRoutes(to: pages)
    }
}
