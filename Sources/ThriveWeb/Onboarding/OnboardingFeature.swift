import Hummingbird

/// Onboarding, step by step.
struct OnboardingFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        OnboardingController(services: services).addRoutes(to: pages)
    }
}
