import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveWeb

@Suite("Server basics")
struct ServerBasicsTests {
    @Test func healthAndVersionAnswerWithoutLogin() async throws {
        try await TestApp.make().test { browser in
            let health = try await browser.get("/healthz")
            #expect(health.status == .ok)
            #expect(health.text == #"{"database":"ok","jobLagSeconds":0,"status":"ok"}"#)
            let version = try await browser.get("/api/v1/mobile/version")
            #expect(version.status == .ok)
            #expect(
                version.text == #"{"apiVersion":"v1","minimumSupportedVersion":"1.0.0","serverVersion":"\#(AppVersion.current)"}"#
            )
            #expect(try await browser.get("/api/v1/mobile/version?current=0.9.3").text.contains(#""updateRequired":true"#))
            #expect(try await browser.get("/api/v1/mobile/version?current=1.2").text.contains(#""updateRequired":false"#))
            let bad = try await browser.get("/api/v1/mobile/version?current=latest")
            #expect(bad.status == .badRequest)
            #expect(bad.error?.code == "bad_request")
            #expect(bad.error?.field == "current")
        }
    }

    @Test func theWebAppIsInstallable() async throws {
        try await TestApp.make().test { browser in
            let manifest = try await browser.get("/manifest.webmanifest")
            #expect(manifest.status == .ok)
            #expect(manifest.headers[.contentType] == "application/manifest+json")
            struct Manifest: Decodable {
                struct Icon: Decodable {
                    let src: String
                    let sizes: String
                    let purpose: String?
                }
                let name: String
                let startURL: String
                let display: String
                let icons: [Icon]

                enum CodingKeys: String, CodingKey {
                    case name, display, icons
                    case startURL = "start_url"
                }
            }
            let parsed = try manifest.decode(Manifest.self)
            #expect(parsed.name == "Thrive")
            #expect(parsed.display == "standalone")
            // Chromium installs with a 192 and a 512 px icon; Android masks the maskable ones.
            #expect(Set(parsed.icons.map(\.sizes)).isSuperset(of: ["192x192", "512x512"]))
            #expect(parsed.icons.contains { $0.purpose == "maskable" })
            for icon in parsed.icons {
                let file = try await browser.get(icon.src)
                #expect(file.status == .ok, "\(icon.src)")
            }
            let login = try await browser.get("/login")
            #expect(login.text.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
            // A signed-in person in onboarding can still fetch it.
            try await browser.signUp(onboard: false)
            #expect(try await browser.get("/manifest.webmanifest").status == .ok)
        }
    }

    @Test func configTellsClientsTheLimitsAndTimeouts() async throws {
        try await TestApp.make(configure: { $0.sessionIdleMinutes = 20 }).test { browser in
            let config = try await browser.get("/api/v1/mobile/config")
            #expect(config.status == .ok)
            #expect(config.text.contains(#""idleTimeoutSeconds":1200"#))
            #expect(config.text.contains(#""maxSamplesPerRequest":5000"#))
            #expect(config.text.contains(#""unitSystems":["metric","imperial"]"#))
        }
    }

    /// The flags say what the server serves: sync, the coach and five languages are there; push,
    /// labs, skin and reports are not yet; the hosted coach only when its key is configured.
    @Test(arguments: [false, true])
    func configSaysWhatTheServerOffers(hostedCoach: Bool) async throws {
        struct Config: Decodable {
            let features: [String: Bool]
            let languages: [String]
        }
        let app = try await TestApp.make(configure: {
            if hostedCoach { $0.hostedCoach = HostedCoachConfiguration(apiKey: "sk-test", baseURL: "http://127.0.0.1:9") }
        })
        try await app.test { browser in
            let config = try await browser.get("/api/v1/mobile/config").decode(Config.self)
            #expect(config.languages == ["de", "en", "es", "fr", "pt"])
            let on = config.features.filter(\.value).keys.sorted()
            let off = config.features.filter { !$0.value }.keys.sorted()
            #expect(
                on
                    == ([
                        "accounts", "achievements", "coachChat", "contentLibrary", "creatorSpaces", "habits", "offlineMode",
                        "programs", "pushNotifications", "sampleUpload",
                    ] + (hostedCoach ? ["hostedCoach"] : [])).sorted())
            #expect(
                off
                    == (["labResults", "reports", "skincare"] + (hostedCoach ? [] : ["hostedCoach"]))
                    .sorted())
            // The flags match the routes: sync answers a signed-in device, the coach its history.
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            #expect(
                try await browser.json(.post, "/api/v1/mobile/sync", #"{"cursor":0,"changes":[]}"#, bearer: token).status == .ok)
            #expect(try await browser.json(.get, "/api/v1/coach/messages", bearer: token).status == .ok)
        }
    }

    @Test func everyAnswerCarriesTheSecurityHeaders() async throws {
        try await TestApp.make().test { browser in
            for path in ["/login", "/api/v1/mobile/version", "/no-such-page", "/assets/app.css"] {
                let reply = try await browser.get(path)
                let csp = try #require(reply.headers[.contentSecurityPolicy], "\(path)")
                #expect(csp.contains("script-src 'self'"))
                #expect(!csp.contains("unsafe-inline"))
                #expect(csp.contains("frame-ancestors 'none'"))
                #expect(reply.headers[.xContentTypeOptions] == "nosniff")
                #expect(reply.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
                #expect(reply.headers[.strictTransportSecurity] == nil, "no HSTS over plain HTTP")
                #expect(reply.headers[HTTPField.Name("X-Request-ID")!]?.isEmpty == false)
            }
            #expect(try await browser.get("/login").headers[.cacheControl] == "no-store")
            #expect(try await browser.get("/assets/app.css").headers[.cacheControl] == "max-age=3600")
        }
    }

    /// A NUL byte once cut `app.css%00.html` short and answered the stylesheet as HTML.
    @Test(arguments: ["/assets/app.css%00.html", "/assets/app.css%0a", "/assets/%ZZ.css", "/api/v1/mobile/config%00"])
    func addressesWithControlCharactersAreRefused(path: String) async throws {
        try await TestApp.make().test { browser in
            let reply = try await browser.get(path)
            #expect(reply.status == .badRequest, "\(path)")
            #expect(reply.headers[.contentType]?.hasPrefix("text/css") != true)
            #expect(try await browser.get("/assets/app.css").headers[.contentType] == "text/css")
        }
    }

    @Test func behindTLSCookiesAreSecureAndHSTSIsSent() async throws {
        try await TestApp.make(configure: { $0.publicURL = "https://thrive.example.org" }).test { browser in
            let page = try await browser.get("/login")
            #expect(page.headers[.strictTransportSecurity] == "max-age=31536000; includeSubDomains")
            #expect(page.headers[.setCookie]?.contains("Secure") == true)
        }
    }

    @Test func unknownAddressesGetAPageOrAJSONError() async throws {
        try await TestApp.make().test { browser in
            let page = try await browser.get("/definitely-not-here")
            #expect(page.status == .notFound)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.text.contains("<h1 id=\"error-title\">Page not found</h1>"))
            #expect(page.text.contains("href=\"/login\""))
            let api = try await browser.get("/api/v1/nothing")
            #expect(api.status == .notFound)
            #expect(api.error?.code == "not_found")
            let wrongMethod = try await browser.json(.delete, "/api/v1/mobile/version")
            #expect([.notFound, .methodNotAllowed].contains(wrongMethod.status))
            #expect(wrongMethod.error != nil)
        }
    }

    @Test func pagesNeedALoginAndSendYouToIt() async throws {
        try await TestApp.make().test { browser in
            for path in ["/", "/pillars", "/insights", "/profile"] {
                let reply = try await browser.get(path)
                #expect(reply.status == .seeOther)
                #expect(reply.location == "/login")
            }
            let me = try await browser.get("/api/v1/me")
            #expect(me.status == .unauthorized)
            #expect(me.error?.code == "unauthenticated")
        }
    }
}
