import Foundation
import Hummingbird

/// Recognises a browser's session cookie. A live session sets the identity and the form token; a
/// timed-out one is removed and flagged so the login page can say why the person was logged out.
struct SessionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let sessions: SessionService
    let secureCookies: Bool

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let token = request.cookies[SessionService.cookieName]?.value else {
            return try await next(request, context)
        }
        var context = context
        var forget = false
        switch try await sessions.resume(token) {
        case .live(let session, let lock):
            context.identity = Identity(userID: session.userID, credential: .session(tokenHash: session.tokenHash))
            context.csrfToken = session.csrfToken
            context.appLock = lock
            context.locked = session.lockedAt != nil
        case .ended:
            context.sessionEnded = true
            forget = true
        case .unknown:
            forget = true
        }
        var response = try await next(request, context)
        let setsNewSession = response.headers[values: .setCookie].contains { $0.hasPrefix("\(SessionService.cookieName)=") }
        if forget, !setsNewSession {
            response.setCookie(SessionCookie.expired(secure: secureCookies))
        }
        return response
    }
}

/// The session cookie: HttpOnly (scripts cannot read it), SameSite=Lax (not sent on cross-site
/// posts), Secure behind TLS, and without an expiry so it also ends when the browser closes.
enum SessionCookie {
    static func make(token: String, secure: Bool) -> Cookie {
        Cookie(name: SessionService.cookieName, value: token, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    static func expired(secure: Bool) -> Cookie {
        Cookie(name: SessionService.cookieName, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }
}
