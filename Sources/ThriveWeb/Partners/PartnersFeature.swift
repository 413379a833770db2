import Hummingbird

/// The partner portal (spec 001): a wellness coordinator's program in de-identified aggregates.
struct PartnersFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        PartnerPagesController(services: services).addRoutes(to: pages)
        PartnerAPIController(services: services).addRoutes(to: api)
    }
}
