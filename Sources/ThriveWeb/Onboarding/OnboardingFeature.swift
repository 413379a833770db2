import Hummingbird

/// Onboarding, step by step; the terms also through the API.
struct OnboardingFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        OnboardingController(services: services).addRoutes(to: pages)
        ConsentRenewalController(services: services).addRoutes(to: pages)
        ConsentAPIController(services: services).addRoutes(to: api.root)
    }
}
