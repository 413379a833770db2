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
    let jobs = BackgroundJobs(
        store: dependencies.store, now: dependencies.now, ids: dependencies.ids, push: configuration.push,
        leaseSeconds: configuration.jobLeaseSeconds, files: PersonFiles(configuration),
        devices: configuration.devices, dataDirectory: configuration.dataDirectory, linkBase: configuration.linkBase,
        inactivityDeletion: configuration.inactivityDeletion, aatThresholds: configuration.aatThresholds,
        airQuality: configuration.airQuality,
        logger: dependencies.logger)
    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
        services: configuration.backgroundJobs ? [jobs.runner] : [],
        logger: dependencies.logger)
}

/// The router with every route, in the order requests pass through the middleware: request log,
/// security headers, error rendering, the path check, static files, session, CSRF, the person's settings (for pages),
/// the onboarding gate, dead links to the dashboard; then each feature's API and pages.
public func buildRouter(_ configuration: AppConfiguration, dependencies: AppDependencies) async throws -> Router<
    AppRequestContext
> {
    let services = AppServices(
        configuration: configuration, dependencies: dependencies, renderer: try await PageRenderer.load())
    let router = Router(context: AppRequestContext.self)
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: ClientAddressMiddleware(trustedProxies: configuration.trustedProxies))
    router.add(
        middleware: SecurityHeadersMiddleware(
            strictTransportSecurity: configuration.usesTLS,
            formTargets: configuration.devices.consentOrigins + configuration.socialSignIn.origins))
    router.add(middleware: LanguageMiddleware())
    router.add(middleware: ErrorMiddleware(renderer: services.renderer))
    router.add(middleware: PathCheckMiddleware())
    if let assets = PublicFiles.folder?.path {
        router.add(
            middleware: FileMiddleware(
                fileProvider: try PublicFiles(root: assets, logger: dependencies.logger),
                cacheControl: .init([(MediaType(type: .any), [.maxAge(3_600)])])))
    }
    router.add(middleware: SessionMiddleware(sessions: services.sessions, secureCookies: configuration.usesTLS))
    // Errors from here on are shown knowing who is signed in (their navigation, their way back).
    router.add(middleware: ErrorMiddleware(renderer: services.renderer, passesNotFound: true))
    router.add(middleware: CSRFMiddleware(secureCookies: configuration.usesTLS))
    router.add(middleware: SettingsMiddleware(settings: services.settings))
    router.add(middleware: AppLockMiddleware())
    router.add(middleware: OnboardingGate(store: services.store, scope: .pages))
    router.add(middleware: DeadLinkMiddleware())

    let api = FeatureAPI(
        root: router.group("api/v1").add(middleware: BearerAuthMiddleware(tokens: services.tokens)), store: services.store)
    let features: [any Feature] = [
        ServerFeature(services: services),
        AccountsFeature(services: services),
        ProfileFeature(services: services),
        OnboardingFeature(services: services),
        SettingsFeature(services: services),
        DashboardFeature(services: services),
        SearchFeature(services: services),
        SyncFeature(services: services),
        SamplesFeature(services: services),
        PlanFeature(services: services),
        KPIsFeature(services: services),
        ScoresFeature(services: services),
        SafetyFeature(services: services),
        NotificationsFeature(services: services),
        InsightsFeature(services: services),
        FoodsFeature(services: services),
        ChartsFeature(services: services),
        NutritionFeature(services: services),
        EntriesFeature(services: services),
        WorkoutsFeature(services: services),
        DailyFeature(services: services),
        HabitsFeature(services: services),
        AchievementsFeature(services: services),
        ProgramsFeature(services: services),
        CoachFeature(services: services),
        ContentFeature(services: services),
        CreatorFeature(services: services),
        ImportsFeature(services: services),
        ExportsFeature(services: services),
        HealthReportFeature(services: services),
        DevicesFeature(services: services),
        LabsFeature(services: services),
        CounselingFeature(services: services),
        PartnersFeature(services: services),
    ]
    for feature in features { try feature.addRoutes(api: api, pages: router) }
    return router
}
