import HTTPTypes
import Hummingbird

/// Headers that make the browser refuse whole classes of attack: no inline or foreign scripts (CSP),
/// no framing, no MIME sniffing, no referrer leaks, no camera or location, HSTS behind TLS; and
/// `no-store` on pages and API answers so health data is never kept by a shared cache.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let strictTransportSecurity: Bool

    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
        "font-src 'self'", "connect-src 'self'", "manifest-src 'self'", "worker-src 'self'",
        "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
    ].joined(separator: "; ")

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "no-referrer"
        response.headers[.xFrameOptions] = "DENY"
        response.headers[.permissionsPolicy] = "camera=(), microphone=(), geolocation=(), interest-cohort=()"
        response.headers[.crossOriginOpenerPolicy] = "same-origin"
        if strictTransportSecurity {
            response.headers[.strictTransportSecurity] = "max-age=31536000; includeSubDomains"
        }
        if response.headers[.cacheControl] == nil {
            response.headers[.cacheControl] = "no-store"
        }
        return response
    }
}

extension HTTPField.Name {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    static let permissionsPolicy = HTTPField.Name("Permissions-Policy")!
    static let crossOriginOpenerPolicy = HTTPField.Name("Cross-Origin-Opener-Policy")!
}
