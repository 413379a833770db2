import Hummingbird

/// Samples from devices and apps, HealthKit-style.
struct SamplesFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        SamplesAPIController(services: services).addRoutes(to: api.healthData("samples"))
    }
}
