import Hummingbird

/// Settings, as a page and as a JSON merge-patch document.
struct SettingsFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        SettingsAPIController(services: services).addRoutes(to: api.root)
        SettingsPagesController(services: services).addRoutes(to: pages)
    }
}
