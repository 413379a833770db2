import Hummingbird

/// Charts of any metric, as data, SVG or PNG.
struct ChartsFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        ChartsAPIController(services: services).addRoutes(to: api.root)
    }
}
