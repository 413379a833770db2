import Hummingbird

/// The home page, the pillars, and the dashboard for apps.
struct DashboardFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        DashboardAPIController(services: services).addRoutes(to: api.root)
        DashboardPagesController(services: services).addRoutes(to: pages)
    }
}
