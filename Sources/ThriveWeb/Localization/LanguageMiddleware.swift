import Hummingbird
import ThriveCore

/// Binds the request's language before anything writes text: the language the person chose when
/// last signed in (a cookie, so the login page after signing out still speaks it), else the
/// browser's `Accept-Language`, so error pages and the signed-out pages speak it;
/// ``SettingsMiddleware`` narrows it to the person's own choice once their settings are read. Pages and API answers say they vary by
/// `Accept-Language`, so no cache hands a French answer to a German reader.
struct LanguageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.browserLanguage = AcceptLanguage.preferred(request.headers[.acceptLanguage]) ?? .en
        context.language = request.cookies[Self.cookieName].flatMap { Language(rawValue: $0.value) } ?? context.browserLanguage
        var response = try await Localizer.$current.withValue(
            Localizer(context.language, acceptLanguage: request.headers[.acceptLanguage])
        ) {
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

    static let cookieName = "thrive_lang"

    /// The language a browser remembers for its signed-out pages (none: back to `Accept-Language`).
    static func cookie(_ language: Language?) -> Cookie {
        Cookie(
            name: cookieName, value: language?.rawValue ?? "", maxAge: language == nil ? 0 : 365 * 86_400, path: "/",
            sameSite: .lax)
    }
}
