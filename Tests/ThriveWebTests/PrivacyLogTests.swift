import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveWeb

@Suite("Logs stay free of personal data")
struct PrivacyLogTests {
    @Test func aFullFlowLogsNoneOfTheValuesItSent() async throws {
        let app = try await TestApp.make()
        let email = "zebulon.probe@example.org"
        let password = "Sekret-Pa55word-Probe"
        let name = "Zebulon Quixote"
        let (token, refresh, cookie) = try await app.test { browser -> (String, String, String) in
            try await browser.signUp(email: email, password: password, name: name)
            let cookie = try #require(browser.cookie("thrive_session"))
            try await browser.get("/profile")
            try await browser.post("/logout", form: [])
            try await browser.logIn(email: email, password: "Wrong-Pa55word-Probe")
            try await browser.logIn(email: email, password: password)
            let tokens = try await browser.apiLogin(email: email, password: password)
            let upload =
                #"{"quantitySamples":[{"type":"HKQuantityTypeIdentifierBodyMass","value":87.654,"start":"2026-11-20T07:00:00Z","source":{"name":"ProbeScale 9000"},"syncIdentifier":"probe-sync-XYZ"}]}"#
            try await browser.json(.post, "/api/v1/samples", upload, bearer: tokens.accessToken)
            try await browser.json(
                .post, "/api/v1/samples",
                #"{"quantitySamples":[{"type":"HKQuantityTypeIdentifierBodyMass","value":"sixty","start":"x","source":{"name":"ProbeScale 9000"},"syncIdentifier":"probe-bad"}]}"#,
                bearer: tokens.accessToken)
            try await browser.json(
                .get, "/api/v1/samples?type=HKQuantityTypeIdentifierBodyMass&from=2026-11-01T00:00:00Z",
                bearer: tokens.accessToken)
            try await browser.json(.get, "/api/v1/me", bearer: tokens.accessToken)
            try await browser.json(.post, "/api/v1/auth/refresh", #"{"refreshToken":"\#(tokens.refreshToken)"}"#)
            try await browser.get("/no-such-page?email=\(email)")
            return (tokens.accessToken, tokens.refreshToken, cookie)
        }
        let logs = app.logs.text
        #expect(logs.contains("request"), "the flow was logged at all")
        #expect(logs.contains(#""route": /api/v1/samples"#))
        for secret in [
            email, "zebulon", password, "Wrong-Pa55word", name, "Quixote", token, refresh, cookie, "87.654", "ProbeScale",
            "probe-sync",
            "sixty", "2026-11-01",
        ] {
            #expect(!logs.localizedCaseInsensitiveContains(secret), "the log contains “\(secret)”")
        }
    }
}
