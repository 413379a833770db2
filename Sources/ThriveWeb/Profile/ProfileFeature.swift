import Hummingbird

/// The profile tab and what Thrive holds of the person's data.
struct ProfileFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        ProfilePagesController(services: services).addRoutes(to: pages)
    }
}
