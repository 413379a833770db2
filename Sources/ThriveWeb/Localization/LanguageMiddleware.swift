import Hummingbird
import ThriveCore

/// Binds the request's language before anything writes text: the browser's `Accept-Language`
/// here, so error pages and the signed-out pages speak it; ``SettingsMiddleware`` narrows it to
/// the person's own choice once their settings are read.
struct LanguageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.language = AcceptLanguage.preferred(request.headers[.acceptLanguage]) ?? .en
        return try await Localizer.$current.withValue(Localizer(context.language)) {
            try await next(request, context)
        }
    }
}
