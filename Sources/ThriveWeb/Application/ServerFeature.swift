import Hummingbird

/// The server's own routes: health check, the web app manifest, the API document and what clients
/// need to know at start (versions, features, limits).
struct ServerFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) throws {
        HealthController(store: services.store, now: services.now).addRoutes(to: pages)
        try WebAppManifestController().addRoutes(to: pages)
        MobileController(services: services).addRoutes(to: api.root)
        try OpenAPIController().addRoutes(to: api.root)
    }
}
