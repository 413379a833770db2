import Hummingbird

/// Search across the person's records and Thrive's pages.
struct SearchFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        SearchPagesController(services: services).addRoutes(to: pages)
    }
}
