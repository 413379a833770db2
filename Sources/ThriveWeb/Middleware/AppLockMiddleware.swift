import Foundation
import Hummingbird
import ThriveCore

/// Keeps a locked browser session to the lock screen: a page asked for goes to `/unlock` (and back
/// after), the page scripts' and cookie-signed API calls get `423 Locked`. Apps with their own
/// tokens, signing out and the lock's own routes pass.
struct AppLockMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let locked = HTTPResponse.Status(code: 423)

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard context.locked, case .session? = context.identity?.credential, request.headers[.authorization] == nil,
            !Self.passes(request.uri.path)
        else {
            return try await next(request, context)
        }
        if ErrorMiddleware.wantsJSON(request) {
            throw AppError(status: Self.locked, code: "locked", message: t("lock.api"))
        }
        let back = request.method == .get ? request.uri.description : "/"
        return .redirect(to: "/unlock?next=" + (back.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"))
    }

    static func passes(_ path: String) -> Bool {
        path == "/unlock" || path.hasPrefix("/unlock/") || path == "/lock" || path.hasPrefix("/lock/") || path == "/logout"
            || path == "/healthz" || path.hasPrefix("/api/v1/auth/") || isProviderStep(path)
    }

    /// `/auth/google` and its callback: the lock opened with the person's Google or Apple account
    /// (the controller lets a locked session do nothing else there).
    static func isProviderStep(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.first == "auth" && parts.count >= 2 && SocialProvider(rawValue: String(parts[1])) != nil
            && (parts.count == 2 || (parts.count == 3 && parts[2] == "callback"))
    }
}

/// A path on this server to go back to after a form, never another site's address.
enum LocalPath {
    static func isSafe(_ path: String) -> Bool {
        path.hasPrefix("/") && !path.hasPrefix("//") && !path.contains("\\")
    }
}
