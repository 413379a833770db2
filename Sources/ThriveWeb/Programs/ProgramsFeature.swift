import Hummingbird

/// Guided programs.
struct ProgramsFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        ProgramsAPIController(services: services).addRoutes(to: api.healthData("programs"))
        ProgramPagesController(services: services).addRoutes(to: pages)
    }
}
