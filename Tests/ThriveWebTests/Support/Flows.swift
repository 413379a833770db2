import Foundation
import Testing

extension Browser {
    /// Signs up through the real form (fetching the page first for its token).
    @discardableResult
    func signUp(
        email: String = "ann@example.com", password: String = "correct-horse-9", name: String = "Ann",
        timeZone: String = "Europe/Berlin", units: String = "metric", onboard: Bool = true
    ) async throws -> Reply {
        try await get("/signup")
        let reply = try await post(
            "/signup",
            form: [
                ("displayName", name), ("email", email), ("password", password), ("unitSystem", units),
                ("timeZone", timeZone),
            ])
        if onboard, reply.status == .seeOther { try await completeOnboarding(imperial: units == "imperial") }
        return try await followingRedirect(reply)
    }

    /// Walks every onboarding step through its form, as a person would: a woman born 1990-04-21,
    /// 170 cm and 65 kg (5 ft 7 in and 143 lb), no allergies or conditions, wanting to get fitter.
    func completeOnboarding(imperial: Bool = false) async throws {
        try await get("/onboarding/consent")
        try await post("/onboarding/consent", form: [("accept", "yes")])
        try await get("/onboarding/profile")
        let body: [(String, String)] =
            imperial ? [("heightFeet", "5"), ("heightInches", "7"), ("weight", "143")] : [("heightCm", "170"), ("weight", "65")]
        try await post(
            "/onboarding/profile",
            form: [
                ("dateOfBirth", "1990-04-21"), ("sex", "female"), ("allergy", "none"), ("condition", "none"),
                ("goal", "generalFitness"),
            ]
                + body)
        try await get("/onboarding/optional")
        try await post("/onboarding/optional", form: [("skip", "yes")])
        try await get("/onboarding/dataSource")
        try await post("/onboarding/dataSource", form: [("source", "manual")])
        try await get("/onboarding/baseline")
        try await post("/onboarding/baseline", form: [("pushUps", "10")])
        try await get("/onboarding/plan")
        let done = try await post("/onboarding/plan", form: [])
        #expect(done.location == "/?welcome=1", "onboarding completes: \(done.status)")
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
