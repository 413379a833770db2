import Hummingbird

/// The genetic counselor chat (spec 001, phase 3): a person's pages and API, and the counselor's.
struct CounselingFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        CounselingPagesController(services: services).addRoutes(to: pages)
        CounselingAPIController(services: services).addRoutes(to: api)
    }
}
