import Hummingbird

/// Insights and the correlation explorer.
struct InsightsFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        InsightsAPIController(services: services).addRoutes(to: api.root)
        InsightsPagesController(services: services).addRoutes(to: pages)
    }
}
