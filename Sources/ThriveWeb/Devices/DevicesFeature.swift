import Hummingbird

/// Connected devices: spec 004's OAuth relay, the pulls that follow, and the page that manages them.
struct DevicesFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        DevicesAPIController(services: services).addRoutes(oauth: api.healthData("oauth"), devices: api.healthData("devices"))
        DevicePagesController(services: services).addRoutes(to: pages)
    }
}
