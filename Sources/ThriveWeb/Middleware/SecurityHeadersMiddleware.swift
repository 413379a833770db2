import HTTPTypes
import Hummingbird

/// Headers that make the browser refuse whole classes of attack: no inline or foreign scripts (CSP),
/// no framing, no MIME sniffing, no referrer leaks, the camera for this site's own pages only (a test
/// kit's barcode is scanned with it), no location, HSTS behind TLS; and
/// `no-store` on pages and API answers so health data is never kept by a shared cache.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    /// Built and validated once; every response appends the same fields.
    private let fields: [HTTPField]

    /// `formTargets`: origins a form may lead to besides this server — the consent pages of the
    /// device providers the operator set up, where "Connect" sends the person.
    init(strictTransportSecurity: Bool, formTargets: [String] = []) {
        var fields = [
            HTTPField(name: .contentSecurityPolicy, value: Self.contentSecurityPolicy(formTargets: formTargets)),
            HTTPField(name: .xContentTypeOptions, value: "nosniff"),
            HTTPField(name: .referrerPolicy, value: "no-referrer"),
            HTTPField(name: .xFrameOptions, value: "DENY"),
            HTTPField(name: .permissionsPolicy, value: "camera=(self), microphone=(), geolocation=(self), interest-cohort=()"),
            HTTPField(name: .crossOriginOpenerPolicy, value: "same-origin"),
        ]
        if strictTransportSecurity {
            fields.append(HTTPField(name: .strictTransportSecurity, value: "max-age=31536000; includeSubDomains"))
        }
        self.fields = fields
    }

    private static let noStore = HTTPField(name: .cacheControl, value: "no-store")

    static func contentSecurityPolicy(formTargets: [String] = []) -> String {
        [
            "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
            "font-src 'self'", "connect-src 'self'", "manifest-src 'self'", "worker-src 'self'",
            "object-src 'none'", "base-uri 'none'", (["form-action 'self'"] + formTargets).joined(separator: " "),
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        response.headers.append(contentsOf: fields)
        if !response.headers.contains(.cacheControl) {
            response.headers.append(Self.noStore)
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
