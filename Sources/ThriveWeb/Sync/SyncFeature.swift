import Hummingbird

/// Offline devices' changes in, the server's changes out.
struct SyncFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        SyncAPIController(services: services).addRoutes(to: api.healthData("mobile"))
    }
}
