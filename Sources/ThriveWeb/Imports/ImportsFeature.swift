import Hummingbird

/// Data brought in from other apps: Apple Health exports uploaded and imported in the background,
/// and spreadsheets of samples mapped column by column.
struct ImportsFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        ImportsAPIController(services: services).addRoutes(to: api.healthData("imports"))
        ImportPagesController(services: services).addRoutes(to: pages)
        CSVImportPagesController(services: services).addRoutes(to: pages)
    }
}
