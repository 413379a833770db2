import Hummingbird

/// Test kits and lab results (spec 001): the person's pages and API, and the lab's portal and API.
struct LabsFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        LabAPIController(services: services).addRoutes(to: api)
        GraphQLController(services: services).addRoutes(to: api.root)
        LabFHIRController(services: services).addRoutes(to: api.root)
        LabPagesController(services: services).addRoutes(to: pages)
        LabPortalPagesController(services: services).addRoutes(to: pages)
        LabSharePagesController(services: services).addRoutes(to: pages)
        LabShareAPIController(services: services).addRoutes(to: api)
        BreathingPagesController(services: services).addRoutes(to: pages)
        BreathingAPIController(services: services).addRoutes(to: api)
        FamilyPagesController(services: services).addRoutes(to: pages)
        FamilyAPIController(services: services).addRoutes(to: api)
        AirQualityPagesController(services: services).addRoutes(to: pages)
        AirQualityAPIController(services: services).addRoutes(to: api)
        TestReminderAPIController(services: services).addRoutes(to: api)
        LabFAQController(services: services).addRoutes(to: pages)
    }
}
