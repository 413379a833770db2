import Foundation
import Hummingbird

/// Cross-site request forgery protection for every state-changing request made with cookies.
///
/// Signed-in forms carry the session's synchroniser token; anonymous forms (login, sign-up) carry a
/// token that must match the `thrive_csrf` cookie (double submit). Script calls to the API with a
/// session cookie send the token in `X-CSRF-Token`. Bearer-token API calls carry no ambient
/// credential and need no token.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let cookieName = "thrive_csrf"
    static let fieldName = "_csrf"
    /// What a form may send: the longest field a page offers (a creator's program, 60,000
    /// characters, percent-encoded) fits; each field's own limit is checked by its page, which
    /// shows the form again with the text kept. This bounds what is read before the token is checked.
    static let formLimit = 1024 * 1024
    let secureCookies: Bool

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // API reads carry no forms and need no token: keep them on the fast path.
        let isAPI = request.uri.path.hasPrefix("/api/")
        if isAPI, [.get, .head, .options].contains(request.method) {
            return try await next(request, context)
        }
        var context = context
        var request = request
        var issuedToken: String?
        if context.csrfToken == nil, !isAPI {
            if let cookie = request.cookies[Self.cookieName]?.value, SecretTokens.looksValid(cookie) {
                context.csrfToken = cookie
            } else {
                issuedToken = SecretTokens.make()
                context.csrfToken = issuedToken
            }
        }
        if ![.get, .head, .options].contains(request.method), !Self.isProviderCallback(request.uri.path) {
            try await check(&request, context: context, issuedNow: issuedToken != nil)
        }
        var response = try await next(request, context)
        // Only pages carry forms; API answers and files need no anonymous token.
        let isPage = response.headers[.contentType]?.hasPrefix("text/html") ?? false
        if let issuedToken, context.identity == nil, isPage {
            response.setCookie(
                Cookie(
                    name: Self.cookieName, value: issuedToken, path: "/", secure: secureCookies, httpOnly: true, sameSite: .strict
                ))
        }
        return response
    }

    private func check(_ request: inout Request, context: Context, issuedNow: Bool) async throws {
        if request.uri.path.hasPrefix("/api/") {
            // Only cookie-authenticated API calls are forgeable; the token endpoints ignore cookies.
            guard request.headers[.authorization] == nil, !request.uri.path.hasPrefix("/api/v1/auth/"),
                case .session = context.identity?.credential
            else { return }
            guard let sent = request.headers[.csrfToken], let expected = context.csrfToken,
                SecretTokens.constantTimeEqual(sent, expected)
            else { throw Self.refusal(api: true) }
            return
        }
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: Self.formLimit)
        } catch {
            throw AppError(
                status: .contentTooLarge, code: "payload_too_large",
                message: t("api.formTooLarge", ["size": DisplayFormat.count(Self.formLimit / 1024 / 1024)]))
        }
        let sent = request.headers[.csrfToken] ?? FormFields(body, contentType: request.headers[.contentType])[Self.fieldName]
        guard !issuedNow, let sent, let expected = context.csrfToken, SecretTokens.constantTimeEqual(sent, expected) else {
            throw Self.refusal(api: false)
        }
    }

    /// Apple posts its sign-in answer from its own site (`form_post`) and cannot carry a token; the
    /// sign-in's sealed state, matched against the answer's, is what proves it was started here.
    static func isProviderCallback(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.count == 3 && parts[0] == "auth" && parts[2] == "callback"
    }

    static func refusal(api: Bool) -> AppError {
        AppError(
            status: .forbidden, code: "csrf_failed",
            message: api
                ? t("csrf.header")
                : t("csrf.expired"))
    }
}
