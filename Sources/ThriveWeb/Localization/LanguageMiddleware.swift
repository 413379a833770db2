import Hummingbird
import ThriveCore

/// Binds the request's language before anything writes text: the browser's `Accept-Language`
/// here, so error pages and the signed-out pages speak it; ``SettingsMiddleware`` narrows it to
/// the person's own choice once their settings are read. Pages and API answers say they vary by
/// `Accept-Language`, so no cache hands a French answer to a German reader.
struct LanguageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.language = AcceptLanguage.preferred(request.headers[.acceptLanguage]) ?? .en
        var response = try await Localizer.$current.withValue(Localizer(context.language)) {
            try await next(request, context)
        }
        let type = response.headers[.contentType] ?? ""
        if type.hasPrefix("text/html") || type.hasPrefix("application/json") || type.hasPrefix("image/svg") {
            let vary = response.headers[.vary] ?? ""
            if !vary.lowercased().contains("accept-language") {
                response.headers[.vary] = vary.isEmpty ? "Accept-Language" : "\(vary), Accept-Language"
            }
        }
        return response
    }
}
