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
/// security headers, error rendering, static files, session, CSRF.
public func buildRouter(_ configuration: AppConfiguration, dependencies: AppDependencies) async throws -> Router<
    AppRequestContext
> {
    let services = AppServices(
        configuration: configuration, dependencies: dependencies, renderer: try await PageRenderer.load())
    let router = Router(context: AppRequestContext.self)
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: SecurityHeadersMiddleware(strictTransportSecurity: configuration.usesTLS))
    router.add(middleware: ErrorMiddleware(renderer: services.renderer))
    if let assets = Bundle.module.path(forResource: "public", ofType: nil) {
        router.add(
            middleware: FileMiddleware(
                assets, cacheControl: .init([(MediaType(type: .any), [.maxAge(3_600)])]), logger: dependencies.logger))
    }
    router.add(middleware: SessionMiddleware(sessions: services.sessions, secureCookies: configuration.usesTLS))
    router.add(middleware: CSRFMiddleware(secureCookies: configuration.usesTLS))

    HealthController(store: services.store).addRoutes(to: router)
    let api = router.group("api/v1").add(middleware: BearerAuthMiddleware(tokens: services.tokens))
    MobileController(services: services).addRoutes(to: api)
    try OpenAPIController().addRoutes(to: api)
    AuthAPIController(services: services).addRoutes(to: api.group("auth"))
    AccountAPIController(services: services).addRoutes(to: api)
    SamplesAPIController(services: services).addRoutes(to: api.group("samples"))
    EnginesAPIController(services: services).addRoutes(to: api)
    FoodsAPIController(services: services).addRoutes(to: api)
    MealEntriesAPIController(services: services).addRoutes(to: api.group("entries/meals"))
    AuthPagesController(services: services).addRoutes(to: router)
    AppPagesController(services: services).addRoutes(to: router)
    return router
}
