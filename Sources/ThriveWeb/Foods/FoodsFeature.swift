import Hummingbird

/// Search of the USDA food table.
struct FoodsFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        FoodsAPIController(services: services).addRoutes(to: api.root)
    }
}
