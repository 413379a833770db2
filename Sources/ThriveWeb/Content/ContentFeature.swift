import Hummingbird

/// The content library.
struct ContentFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        ContentAPIController(services: services).addRoutes(to: api.healthData("content"))
        LibraryPagesController(services: services).addRoutes(to: pages)
    }
}
