import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveWeb

@Suite("API tokens")
struct APIAuthTests {
    @Test func logInUseRefreshAndLogOut() async throws {
        let clock = TestClock()
        try await TestApp.make(clock: clock).test { browser in
            try await browser.signUp()
            let api = browser.fresh()
            let tokens = try await api.apiLogin()
            #expect(tokens.tokenType == "Bearer")
            #expect(tokens.accessToken.hasPrefix("thr_at_"))
            #expect(
                tokens.accessTokenExpiresAt
                    == Date(timeIntervalSince1970: (clock.now + 15 * 60).timeIntervalSince1970.rounded(.down)))
            #expect(tokens.refreshTokenExpiresAt.timeIntervalSince(clock.now).rounded() == 7 * 86_400)
            #expect(tokens.user?.email == "ann@example.com")

            let me = try await api.json(.get, "/api/v1/me", bearer: tokens.accessToken)
            #expect(me.status == .ok)
            #expect(me.text.contains(#""email":"ann@example.com""#))
            #expect(me.text.contains(#""timeZone":"Europe/Berlin""#))
            #expect(me.text.contains(#""totalRecords":0"#))

            clock.advance(minutes: 16)
            let expired = try await api.json(.get, "/api/v1/me", bearer: tokens.accessToken)
            #expect(expired.status == .unauthorized)
            #expect(expired.error?.code == "token_expired")

            let refreshed = try await api.json(.post, "/api/v1/auth/refresh", #"{"refreshToken":"\#(tokens.refreshToken)"}"#)
            #expect(refreshed.status == .ok)
            let next = try refreshed.decode(Tokens.self)
            #expect(next.accessToken != tokens.accessToken)
            #expect(try await api.json(.get, "/api/v1/me", bearer: next.accessToken).status == .ok)

            let logout = try await api.json(.post, "/api/v1/auth/logout", bearer: next.accessToken)
            #expect(logout.status == .noContent)
            let after = try await api.json(.get, "/api/v1/me", bearer: next.accessToken)
            #expect(after.error?.code == "invalid_token")
            #expect(
                try await api.json(.post, "/api/v1/auth/refresh", #"{"refreshToken":"\#(next.refreshToken)"}"#).status
                    == .unauthorized)
        }
    }

    /// A client that still sends its old access token (expired, or garbage) can refresh, sign in
    /// and read the public documents; routes that need a person still say why the token failed.
    @Test func aStaleBearerHeaderDoesNotBlockPublicRoutes() async throws {
        let clock = TestClock()
        try await TestApp.make(clock: clock).test { browser in
            try await browser.signUp()
            let api = browser.fresh()
            let tokens = try await api.apiLogin()
            clock.advance(minutes: 16)
            var refreshToken = tokens.refreshToken
            for stale in [tokens.accessToken, "garbage"] {
                let headers: HTTPFields = [.authorization: "Bearer \(stale)"]
                let me = try await api.json(.get, "/api/v1/me", headers: headers)
                #expect(me.status == .unauthorized)
                #expect(me.error?.code == (stale == "garbage" ? "invalid_token" : "token_expired"))
                let logout = try await api.json(.post, "/api/v1/auth/logout", headers: headers)
                #expect(logout.error?.code == me.error?.code)
                let refreshed = try await api.json(
                    .post, "/api/v1/auth/refresh", #"{"refreshToken":"\#(refreshToken)"}"#, headers: headers)
                #expect(refreshed.status == .ok, "\(refreshed.text)")
                let fresh = try refreshed.decode(Tokens.self)
                refreshToken = fresh.refreshToken
                let login = try await api.json(
                    .post, "/api/v1/auth/login", #"{"email":"ann@example.com","password":"correct-horse-9"}"#, headers: headers)
                #expect(login.status == .ok, "\(login.text)")
                #expect(try await api.get("/api/v1/openapi.json", headers: headers).status == .ok)
                #expect(try await api.get("/api/v1/mobile/config", headers: headers).status == .ok)
                #expect(try await api.get("/api/v1/mobile/version", headers: headers).status == .ok)
                #expect(try await api.json(.get, "/api/v1/me", bearer: fresh.accessToken).status == .ok)
            }
        }
    }

    @Test func aReplayedRefreshTokenRevokesItsWholeFamily() async throws {
        try await TestApp.make().test { browser in
            try await browser.signUp()
            let tokens = try await browser.apiLogin()
            let stolen = tokens.refreshToken
            let legitimate = try await browser.json(.post, "/api/v1/auth/refresh", #"{"refreshToken":"\#(stolen)"}"#).decode(
                Tokens.self)
            let replay = try await browser.json(.post, "/api/v1/auth/refresh", #"{"refreshToken":"\#(stolen)"}"#)
            #expect(replay.status == .unauthorized)
            #expect(replay.error?.code == "token_reused")
            #expect(try await browser.json(.get, "/api/v1/me", bearer: legitimate.accessToken).status == .unauthorized)
            let other = try await browser.apiLogin()
            #expect(
                try await browser.json(.get, "/api/v1/me", bearer: other.accessToken).status == .ok, "other logins are untouched")
        }
    }

    @Test func wrongCredentialsAndBadTokensGetClearErrors() async throws {
        try await TestApp.make().test { browser in
            try await browser.signUp()
            let wrong = try await browser.json(
                .post, "/api/v1/auth/login", #"{"email":"ann@example.com","password":"nope-nope-1"}"#)
            #expect(wrong.status == .unauthorized)
            #expect(wrong.error?.code == "invalid_credentials")
            let unknown = try await browser.json(
                .post, "/api/v1/auth/login", #"{"email":"who@example.com","password":"nope-nope-1"}"#)
            #expect(unknown.error?.message == wrong.error?.message, "no hint whether the account exists")
            let garbage = try await browser.json(.get, "/api/v1/me", bearer: "not-a-token")
            #expect(garbage.error?.code == "invalid_token")
            let scheme = try await browser.json(.get, "/api/v1/me", headers: [.authorization: "Basic YW5uOnB3"])
            #expect(scheme.status == .unauthorized)
            #expect(scheme.error?.message.contains("Bearer") == true)
        }
    }

    @Test(arguments: [
        ("{\"email\":\"ann@example.com\"", 400, "The request body is not valid JSON."),
        ("{\"email\":\"ann@example.com\"}", 400, "The field “password” is required."),
        ("{\"email\":42,\"password\":\"x\"}", 400, "The field “email” must be a string."),
        ("{\"email\":\"ann@example.com\",\"password\":\"x1xxxxxx\",\"remember\":true}", 400, "Unknown field “remember”."),
        ("[]", 400, "The request body must be an object."),
        ("", 400, "The request body is empty; send a JSON object."),
        ("{\"email\":\"not-an-address\",\"password\":\"x1xxxxxx\"}", 422, "Enter an e-mail address like name@example.com."),
    ])
    func malformedLoginBodiesAreExplained(body: String, status: Int, message: String) async throws {
        try await TestApp.make().test { browser in
            let reply = try await browser.json(.post, "/api/v1/auth/login", body)
            #expect(reply.status.code == status, "\(reply.text)")
            #expect(reply.error?.message.hasPrefix(message) == true, "\(reply.text)")
        }
    }

    @Test func bodiesMustBeJSONAndSmall() async throws {
        try await TestApp.make().test { browser in
            let form = try await browser.json(
                .post, "/api/v1/auth/login", "email=a", headers: [.contentType: "application/x-www-form-urlencoded"])
            #expect(form.status == .unsupportedMediaType)
            let huge = #"{"email":"ann@example.com","password":""# + String(repeating: "a", count: 20_000) + #""}"#
            let tooLarge = try await browser.json(.post, "/api/v1/auth/login", huge)
            #expect(tooLarge.status == .contentTooLarge)
            #expect(tooLarge.error?.code == "payload_too_large")
        }
    }
}
