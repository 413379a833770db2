import Hummingbird

/// A copy of everything a person keeps, as a ZIP of JSON, CSV and FHIR: asked for in the app or
/// through spec 000's mobile API, built in the background, downloadable for seven days.
struct ExportsFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        DataExportAPIController(services: services).addRoutes(to: api.root.group("mobile/export"))
        DataExportPagesController(services: services).addRoutes(to: pages)
    }
}
