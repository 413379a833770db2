import Foundation
import Hummingbird
import Logging
import ThriveCore
import ThriveStore

/// Builds the Thrive server: router, middleware and controllers over the given dependencies.
public func buildApplication(
    _ configuration: AppConfiguration, dependencies: AppDependencies
) async throws -> some ApplicationProtocol {
    let router = try await buildRouter(configuration, dependencies: dependencies)
    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
        logger: dependencies.logger)
}

/// The router with every route, in the order requests pass through the middleware: request log,
/// security headers, error rendering, the path check, static files, session, CSRF, the person's settings (for pages),
/// the onboarding gate, dead links to the dashboard.
public func buildRouter(_ configuration: AppConfiguration, dependencies: AppDependencies) async throws -> Router<
    AppRequestContext
> {
    let services = AppServices(
        configuration: configuration, dependencies: dependencies, renderer: try await PageRenderer.load())
    let router = Router(context: AppRequestContext.self)
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: SecurityHeadersMiddleware(strictTransportSecurity: configuration.usesTLS))
    router.add(middleware: LanguageMiddleware())
    router.add(middleware: ErrorMiddleware(renderer: services.renderer))
    router.add(middleware: PathCheckMiddleware())
    if let assets = Bundle.module.path(forResource: "public", ofType: nil) {
        router.add(
            middleware: FileMiddleware(
                assets, cacheControl: .init([(MediaType(type: .any), [.maxAge(3_600)])]), logger: dependencies.logger))
    }
    router.add(middleware: SessionMiddleware(sessions: services.sessions, secureCookies: configuration.usesTLS))
    router.add(middleware: CSRFMiddleware(secureCookies: configuration.usesTLS))
    router.add(middleware: SettingsMiddleware(settings: services.settings))
    router.add(middleware: OnboardingGate(store: services.store, scope: .pages))
    router.add(middleware: DeadLinkMiddleware())

    HealthController(store: services.store).addRoutes(to: router)
    try WebAppManifestController().addRoutes(to: router)
    let api = router.group("api/v1").add(middleware: BearerAuthMiddleware(tokens: services.tokens))
    MobileController(services: services).addRoutes(to: api)
    MobileAppAPIController(services: services).addRoutes(to: api)
    SyncAPIController(services: services).addRoutes(
        to: api.group("mobile").add(middleware: OnboardingGate(store: services.store, scope: .apiWrites)))
    try OpenAPIController().addRoutes(to: api)
    AuthAPIController(services: services).addRoutes(to: api.group("auth"))
    AccountAPIController(services: services).addRoutes(to: api)
    SamplesAPIController(services: services).addRoutes(
        to: api.group("samples").add(middleware: OnboardingGate(store: services.store, scope: .apiWrites)))
    EnginesAPIController(services: services).addRoutes(to: api)
    FoodsAPIController(services: services).addRoutes(to: api)
    ChartsAPIController(services: services).addRoutes(to: api)
    HabitsAPIController(services: services).addRoutes(
        to: api.group("habits").add(middleware: OnboardingGate(store: services.store, scope: .apiWrites)))
    AchievementsAPIController(services: services).addRoutes(to: api)
    ProgramsAPIController(services: services).addRoutes(
        to: api.group("programs").add(middleware: OnboardingGate(store: services.store, scope: .apiWrites)))
    CoachAPIController(services: services).addRoutes(
        to: api.group("coach").add(middleware: OnboardingGate(store: services.store, scope: .apiWrites)))
    ContentAPIController(services: services).addRoutes(
        to: api.group("content").add(middleware: OnboardingGate(store: services.store, scope: .apiWrites)))
    CreatorAPIController(services: services).addRoutes(
        to: api.group("creator").add(middleware: OnboardingGate(store: services.store, scope: .apiWrites)))
    let entries = api.group("entries").add(middleware: OnboardingGate(store: services.store, scope: .apiWrites))
    MealEntriesAPIController(services: services).addRoutes(to: entries.group("meals"))
    EntriesAPIController.checkIns.addRoutes(to: entries.group("mood"), services: services)
    EntriesAPIController.weighIns.addRoutes(to: entries.group("weight"), services: services)
    EntriesAPIController.water.addRoutes(to: entries.group("water"), services: services)
    EntriesAPIController.journal.addRoutes(to: entries.group("journal"), services: services)
    EntriesAPIController.sleep.addRoutes(to: entries.group("sleep"), services: services)
    EntriesAPIController.workouts.addRoutes(to: entries.group("workouts"), services: services)
    AuthPagesController(services: services).addRoutes(to: router)
    AppPagesController(services: services).addRoutes(to: router)
    OnboardingController(services: services).addRoutes(to: router)
    SettingsPagesController(services: services).addRoutes(to: router)
    MealPagesController(services: services).addRoutes(to: router)
    EntryPagesController<MoodCheckIn>(page: .mood).addRoutes(to: router, services: services)
    EntryPagesController<QuantitySample>(page: .weight).addRoutes(to: router, services: services)
    EntryPagesController<QuantitySample>(page: .water).addRoutes(to: router, services: services)
    EntryPagesController<JournalEntry>(page: .journal).addRoutes(to: router, services: services)
    EntryPagesController<CategorySample>(page: .sleep).addRoutes(to: router, services: services)
    WorkoutPagesController(services: services).addRoutes(to: router)
    FitnessPagesController(services: services).addRoutes(to: router)
    HabitPagesController(services: services).addRoutes(to: router)
    ProgramPagesController(services: services).addRoutes(to: router)
    AchievementPagesController(services: services).addRoutes(to: router)
    CoachPagesController(services: services).addRoutes(to: router)
    CoachingStartController(services: services).addRoutes(to: router)
    LibraryPagesController(services: services).addRoutes(to: router)
    CreatorPagesController(services: services).addRoutes(to: router)
    return router
}
