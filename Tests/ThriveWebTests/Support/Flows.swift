import Foundation
import Testing

extension Browser {
    /// Signs up through the real form (fetching the page first for its token).
    @discardableResult
    func signUp(
        email: String = "ann@example.com", password: String = "correct-horse-9", name: String = "Ann",
        timeZone: String = "Europe/Berlin", units: String = "metric"
    ) async throws -> Reply {
        try await get("/signup")
        return try await followingRedirect(
            try await post(
                "/signup",
                form: [
                    ("displayName", name), ("email", email), ("password", password), ("unitSystem", units),
                    ("timeZone", timeZone),
                ]))
    }

    @discardableResult
    func logIn(email: String = "ann@example.com", password: String = "correct-horse-9") async throws -> Reply {
        try await get("/login")
        return try await followingRedirect(try await post("/login", form: [("email", email), ("password", password)]))
    }

    /// Loads the page a form redirected to, as a browser would (so the next form has that page's token),
    /// and returns the form's own reply.
    func followingRedirect(_ reply: Reply) async throws -> Reply {
        if reply.status == .seeOther, let location = reply.location { try await get(location) }
        return reply
    }

    /// API tokens for an account, through `POST /api/v1/auth/login`.
    func apiLogin(email: String = "ann@example.com", password: String = "correct-horse-9") async throws -> Tokens {
        let reply = try await json(.post, "/api/v1/auth/login", #"{"email":"\#(email)","password":"\#(password)"}"#)
        #expect(reply.status == .ok, "\(reply.text)")
        return try reply.decode(Tokens.self)
    }
}

struct Tokens: Decodable {
    struct User: Decodable {
        let id: String
        let email: String
    }
    let tokenType: String
    let accessToken: String
    let accessTokenExpiresAt: Date
    let refreshToken: String
    let refreshTokenExpiresAt: Date
    let user: User?
}
