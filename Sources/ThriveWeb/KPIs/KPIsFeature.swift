import Hummingbird

/// The KPI cards.
struct KPIsFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        KPIsAPIController(services: services).addRoutes(to: api.root)
    }
}
