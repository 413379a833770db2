import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveImport
import ThriveStore
import ThriveTestSupport
import ThriveWeb

/// Connecting Fitbit, Oura, Withings, Google Fit and WHOOP through spec 004's OAuth relay, against
/// local stubs of each provider over real HTTP: the web app's flow and a native app's, PKCE and
/// state checks, the first month pulled, pulls every 30 minutes with refresh-token rotation, 429
/// with Retry-After, revoked consent, and disconnecting with or without the data.
@Suite("Connected devices through the OAuth relay")
struct DeviceConnectionTests {
    static let key = Data((0..<32).map { UInt8($0 * 7 % 256) })

    static func app(_ stub: StubDeviceProviders, clock: TestClock = TestClock()) async throws -> TestApp {
        try await TestApp.make(
            configure: { configuration in
                configuration.devices.key = key
                for provider in DeviceProvider.allCases {
                    configuration.devices.apps[provider] = ProviderApp(
                        provider: provider, clientID: stub.clientID, clientSecret: stub.clientSecret,
                        endpoints: .rebased(provider, on: stub.baseURL))
                }
            }, clock: clock)
    }

    /// The provider's consent page, as the person's browser meets it: it answers with a redirect
    /// back to Thrive's callback, which is returned as a path to send to the app.
    static func consent(at url: String) async throws -> String {
        let callback = try await StubDeviceProviders.consent(at: url)
        #expect(callback.path == "/oauth/callback")
        return callback.path + "?" + (callback.percentEncodedQuery ?? "")
    }

    static func jobs(_ app: TestApp) -> BackgroundJobs {
        BackgroundJobs(
            store: app.store, now: app.clock.source, devices: app.configuration.devices,
            dataDirectory: app.configuration.dataDirectory, logger: app.logs.logger())
    }

    static func owner(_ app: TestApp) async throws -> UserID {
        try await app.store.read { try #require(try await $0.accounts.all().first?.id) }
    }

    static func connection(_ app: TestApp, _ provider: DeviceProvider) async throws -> DeviceConnection? {
        let owner = try await owner(app)
        return try await app.store.read { try await $0.records(of: owner).devices.get(provider) }
    }

    static func count(_ app: TestApp, from provider: DeviceProvider) async throws -> Int {
        let owner = try await owner(app)
        return try await app.store.read { repositories in
            let records = repositories.records(of: owner)
            let window = DateWindow(from: Date(timeIntervalSince1970: 0), to: Date(timeIntervalSince1970: 4_000_000_000))
            return try await records.quantitySamples.samples(of: nil, in: window, limit: nil)
                .filter { $0.source == provider.source }.count
                + records.categorySamples.samples(of: nil, in: window, limit: nil).filter { $0.source == provider.source }.count
        }
    }

    /// A native app's connection: start with a challenge, consent, take the handle from the
    /// callback, post it with the verifier.
    static func connectLikeAnApp(_ provider: DeviceProvider, _ browser: Browser, token: String) async throws -> Reply {
        let verifier = PKCE.newVerifier()
        let started = try await browser.json(
            .post, "/api/v1/oauth/start",
            #"{"provider":"\#(provider.rawValue)","pkce_challenge":"\#(PKCE.challenge(for: verifier))"}"#, bearer: token)
        #expect(started.status == .ok, "\(started.text)")
        let url = try #require(started.decode([String: String].self)["authUrl"])
        let callback = try await browser.get(try await consent(at: url))
        #expect(callback.status == .ok, "\(callback.text)")
        let handle = try #require(callback.decode([String: String].self)["handle"])
        return try await browser.json(
            .post, "/api/v1/oauth/relay-data", #"{"handle":"\#(handle)","verifier":"\#(verifier)"}"#, bearer: token)
    }

    struct Relayed: Decodable {
        struct Device: Decodable {
            let provider: String
            let state: String
            let lastSyncAt: Date?
            let stale: Bool
            let recordsStored: Int
        }
        let device: Device
        let pulled: Int
    }

    @Test func theWebAppConnectsFitbitAndTheFirstMonthArrives() async throws {
        try await StubDeviceProviders.run { stub in
            let app = try await Self.app(stub)
            try await app.test { browser in
                try await browser.signUp()
                let page = try await browser.get("/profile/devices")
                #expect(page.status == .ok)
                // The browser may follow "Connect" to the providers' consent pages, and nowhere else.
                let csp = try #require(page.headers[.contentSecurityPolicy])
                #expect(csp.contains("form-action 'self' \(stub.baseURL.absoluteString);"), "\(csp)")
                #expect(page.text.contains("Connect Fitbit") && page.text.contains("Connect WHOOP"))
                #expect(page.text.contains("Blood oxygen at night, for the low-oxygen alert"))

                let started = try await browser.post("/profile/devices/fitbit/connect", form: [])
                #expect(started.status == .seeOther)
                let authorize = try #require(started.location)
                #expect(authorize.hasPrefix("\(stub.baseURL.absoluteString)/fitbit/oauth2/authorize?"))
                #expect(authorize.contains("code_challenge_method=S256") && authorize.contains("scope=heartrate%20activity"))
                let verifier = try #require(browser.cookie("thrive_pkce"))
                #expect(authorize.contains("code_challenge=\(PKCE.challenge(for: verifier))"))

                let back = try await browser.get(try await Self.consent(at: authorize))
                #expect(back.status == .seeOther)
                let landing = try #require(back.location)
                #expect(landing.hasPrefix("/profile/devices?connected=fitbit&pulled="), "\(landing)")
                #expect(browser.cookie("thrive_pkce") == nil, "the verifier is spent")

                let served = await stub.served
                let total = served.values.reduce(0, +)
                #expect(landing.hasSuffix("pulled=\(total)"))
                // 31 days touched by the 30-day window: minute heart rate, an hour of steps a day, …
                #expect(served["heartRate"] == 31 * 1_440 && served["steps"] == 31 * 60 && served["oxygen"] == 31 * 60)
                #expect(try await Self.count(app, from: .fitbit) == total)

                let shown = try await browser.get(landing)
                #expect(
                    shown.text.contains(
                        "Fitbit is connected. \(total.formatted(.number.locale(Locale(identifier: "en")))) records came in."))
                #expect(shown.text.contains("Last synced just now") && shown.text.contains("Sync now"))
                #expect(!shown.text.contains("Connect Fitbit"))

                // Kept sealed: the stub's refresh token is nowhere in the database or the logs.
                let owner = try await Self.owner(app)
                let connection = try #require(try await Self.connection(app, .fitbit))
                let sealed = try #require(
                    try await app.store.read { try await $0.records(of: owner).devices.sealedToken(for: connection.id) })
                #expect(!sealed.contains("refresh-fitbit"))
                let lines = app.logs.text
                #expect(!lines.contains("refresh-fitbit") && !lines.contains("access-fitbit") && !lines.contains("code-fitbit"))
            }
        }
    }

    @Test(arguments: DeviceProvider.allCases)
    func anAppConnectsEachProviderWithItsVerifier(_ provider: DeviceProvider) async throws {
        try await StubDeviceProviders.run { stub in
            let app = try await Self.app(stub)
            try await app.test { browser in
                try await browser.signUp()
                let token = try await browser.apiLogin().accessToken
                let reply = try await Self.connectLikeAnApp(provider, browser, token: token)
                #expect(reply.status == .created, "\(reply.text)")
                let relayed = try reply.decode(Relayed.self)
                let total = await stub.served.values.reduce(0, +)
                let served = await stub.served
                #expect(relayed.pulled == total && total > 0, "\(served)")
                #expect(relayed.device.provider == provider.rawValue && relayed.device.state == "active")
                #expect(relayed.device.recordsStored == total && relayed.device.stale == false)
                #expect(try await Self.count(app, from: provider) == total)
                let listed = try await browser.json(.get, "/api/v1/devices", bearer: token)
                #expect(listed.text.contains(#""provider":"\#(provider.rawValue)""#))
            }
        }
    }

    @Test func aWrongVerifierOrAForeignOrStaleStateConnectsNothing() async throws {
        try await StubDeviceProviders.run { stub in
            let clock = TestClock()
            let app = try await Self.app(stub, clock: clock)
            try await app.test { browser in
                try await browser.signUp()
                let token = try await browser.apiLogin().accessToken
                let verifier = PKCE.newVerifier()
                let started = try await browser.json(
                    .post, "/api/v1/oauth/start",
                    #"{"provider":"oura","pkce_challenge":"\#(PKCE.challenge(for: verifier))"}"#, bearer: token)
                let url = try #require(started.decode([String: String].self)["authUrl"])
                let callback = try await Self.consent(at: url)
                let handle = try #require(try await browser.get(callback).decode([String: String].self)["handle"])

                let wrong = try await browser.json(
                    .post, "/api/v1/oauth/relay-data", #"{"handle":"\#(handle)","verifier":"\#(PKCE.newVerifier())"}"#,
                    bearer: token)
                #expect(wrong.status == .badRequest)
                #expect(
                    wrong.error?.message
                        == "The verifier does not match the challenge this connection was started with. Nothing was connected.")
                #expect(await stub.log.allSatisfy { !$0.contains("/oauth/token") }, "the code never reached the provider")

                // A state changed in transit, or made for someone else, is refused.
                var tampered = try #require(URLComponents(string: "http://x" + callback))
                tampered.queryItems = tampered.queryItems?.map {
                    $0.name == "state" ? URLQueryItem(name: "state", value: String($0.value!.dropLast(2)) + "AA") : $0
                }
                let forged = try await browser.get(tampered.path + "?" + tampered.percentEncodedQuery!)
                #expect(forged.status == .badRequest && forged.text.contains("This connection link is not valid or has expired."))

                let other = browser.fresh()
                try await other.signUp(email: "ben@example.com", name: "Ben")
                #expect(try await other.get(callback).status == .badRequest, "Ann's state is not Ben's")

                // After 15 minutes the state has expired; after 5 the handle.
                clock.advance(minutes: 16)
                try await browser.logIn()
                #expect(try await browser.get(callback).status == .badRequest)
                let token2 = try await browser.apiLogin().accessToken
                let late = try await browser.json(
                    .post, "/api/v1/oauth/relay-data", #"{"handle":"\#(handle)","verifier":"\#(verifier)"}"#, bearer: token2)
                #expect(late.status == .badRequest && late.error?.field == "handle")
                #expect(try await Self.connection(app, .oura) == nil)

                let bad = try await browser.json(
                    .post, "/api/v1/oauth/start", #"{"provider":"oura","pkce_challenge":"plain"}"#, bearer: token2)
                #expect(bad.status == .badRequest && bad.error?.field == "pkce_challenge")
                let unknown = try await browser.json(
                    .post, "/api/v1/oauth/start", #"{"provider":"garmin","pkce_challenge":"\#(PKCE.challenge(for: verifier))"}"#,
                    bearer: token2)
                #expect(
                    unknown.status == .badRequest
                        && unknown.error?.message.contains("fitbit, oura, withings, google-fit, whoop") == true)
                let elsewhere = try await browser.json(
                    .post, "/api/v1/oauth/start",
                    #"{"provider":"oura","pkce_challenge":"\#(PKCE.challenge(for: verifier))","return_to":"https://evil.example/steal"}"#,
                    bearer: token2)
                #expect(elsewhere.status == .badRequest && elsewhere.error?.field == "return_to")
            }
        }
    }

    @Test func saying_noAtTheProviderConnectsNothingAndSaysSo() async throws {
        try await StubDeviceProviders.run { stub in
            let app = try await Self.app(stub)
            await stub.refuseConsent(true)
            try await app.test { browser in
                try await browser.signUp()
                let started = try await browser.post("/profile/devices/withings/connect", form: [])
                let back = try await browser.get(try await Self.consent(at: try #require(started.location)))
                let landing = try #require(back.location)
                #expect(landing.hasPrefix("/profile/devices?refused=withings"))
                #expect(
                    try await browser.get(landing).text.contains("You did not allow Withings to share. Nothing was connected."))
                #expect(try await Self.connection(app, .withings) == nil)
            }
        }
    }

    @Test func pullsEveryHalfHourRotateTheRefreshTokenWaitOutA429AndStopWhenConsentIsWithdrawn() async throws {
        try await StubDeviceProviders.run { stub in
            let clock = TestClock()
            let app = try await Self.app(stub, clock: clock)
            try await app.test { browser in
                try await browser.signUp()
                let token = try await browser.apiLogin().accessToken
                #expect(try await Self.connectLikeAnApp(.fitbit, browser, token: token).status == .created)
                let owner = try await Self.owner(app)
                let id = try #require(try await Self.connection(app, .fitbit)).id
                let sealed = { try await app.store.read { try await $0.records(of: owner).devices.sealedToken(for: id) } }
                let first = try await sealed()

                // Not due before its 30 minutes; due after. The hour-long access token from the
                // connection has expired by then at Fitbit: every pull starts with a fresh one.
                await stub.expireAccessTokens()
                clock.advance(minutes: 29)
                try await Self.jobs(app).runDue()
                #expect(await stub.refreshes == 0)
                clock.advance(minutes: 2)
                try await Self.jobs(app).runDue()
                #expect(await stub.refreshes == 1)
                let second = try await sealed()
                #expect(second != nil && second != first, "the rotated refresh token replaced the spent one")
                var connection = try #require(try await Self.connection(app, .fitbit))
                #expect(connection.lastSyncAt == clock.now && connection.problem == nil)
                #expect(connection.recordsStored > 48_000, "the month, then the last 36 hours again")

                // Fitbit says: wait two minutes. The connection says so, and the next pull waits that long.
                await stub.throttle(next: 1, retryAfter: 120)
                clock.advance(minutes: 31)
                try await Self.jobs(app).runDue()
                connection = try #require(try await Self.connection(app, .fitbit))
                #expect(connection.problem == .rateLimited && connection.failures == 1)
                try await browser.logIn()
                let page = try await browser.get("/profile/devices")
                #expect(page.text.contains("Fitbit asked Thrive to slow down; it will sync again when allowed."))
                let waiting = try await Self.jobs(app).overview(dueBy: clock.now.addingTimeInterval(121)).waiting
                #expect(waiting.filter { $0.kind == "devicePull" }.map(\.dueAt) == [clock.now.addingTimeInterval(120)])
                clock.advance(minutes: 2.1)
                try await Self.jobs(app).runDue()
                connection = try #require(try await Self.connection(app, .fitbit))
                #expect(connection.problem == nil && connection.failures == 0 && connection.lastSyncAt == clock.now)

                // "Sync now" brings the next pull forward.
                let synced = try await browser.json(
                    .post, "/api/v1/devices/fitbit/sync", "{}", bearer: try await browser.apiLogin().accessToken)
                #expect(synced.status == .accepted, "\(synced.text)")
                let before = await stub.refreshes
                try await Self.jobs(app).runDue()
                #expect(await stub.refreshes == before + 1)

                // The person withdraws consent at Fitbit: the next pull finds out, stops, and tells them.
                await stub.revokeConsent()
                clock.advance(minutes: 31)
                try await Self.jobs(app).runDue()
                connection = try #require(try await Self.connection(app, .fitbit))
                #expect(connection.state == .needsReconnect && connection.problem == .revoked)
                #expect(try await sealed() == nil, "the useless token is forgotten")
                let fresh = try await browser.apiLogin().accessToken
                let center = try await browser.json(.get, "/api/v1/mobile/notifications/history", bearer: fresh)
                #expect(center.text.contains("Fitbit stopped sharing"), "\(center.text)")
                clock.advance(minutes: 60)
                let after = await stub.refreshes
                try await Self.jobs(app).runDue()
                #expect(await stub.refreshes == after, "no more pulls")
                let again = try await browser.json(
                    .post, "/api/v1/devices/fitbit/sync", "{}", bearer: try await browser.apiLogin().accessToken)
                #expect(
                    again.status == .conflict
                        && again.error?.message == "Fitbit needs you to connect it again before it can sync.")
                try await browser.logIn()
                #expect(try await browser.get("/profile/devices").text.contains("Connect again"))

                let lines = app.logs.text
                #expect(!lines.contains("refresh-fitbit") && !lines.contains("access-fitbit"))
            }
        }
    }

    @Test func disconnectingRevokesAtTheProviderAndDeletesTheDataOnlyWhenAsked() async throws {
        try await StubDeviceProviders.run { stub in
            let app = try await Self.app(stub)
            try await app.test { browser in
                try await browser.signUp()
                let token = try await browser.apiLogin().accessToken
                #expect(try await Self.connectLikeAnApp(.oura, browser, token: token).status == .created)
                #expect(try await Self.connectLikeAnApp(.googleFit, browser, token: token).status == .created)
                let ouraRecords = try await Self.count(app, from: .oura)
                #expect(ouraRecords > 0)

                try await browser.get("/profile/devices")
                let deleted = try await browser.post("/profile/devices/oura/disconnect", form: [("data", "delete")])
                let landing = try #require(deleted.location)
                #expect(landing.contains("disconnected=oura&deleted=\(ouraRecords)&revoked=1"))
                #expect(await stub.revocations == 1)
                #expect(try await Self.count(app, from: .oura) == 0)
                #expect(try await Self.connection(app, .oura) == nil)
                let page = try await browser.get(landing)
                #expect(
                    page.text.contains(
                        "Oura is disconnected and its \(ouraRecords.formatted(.number.locale(Locale(identifier: "en")))) records were deleted."
                    ))
                #expect(page.text.contains("Connect Oura"))

                let googleRecords = try await Self.count(app, from: .googleFit)
                let kept = try await browser.json(
                    .post, "/api/v1/oauth/disconnect", #"{"provider":"google-fit"}"#, bearer: token)
                #expect(
                    kept.status == .ok && kept.text.contains(#""deleted":0"#) && kept.text.contains(#""revokedAtProvider":true"#))
                #expect(try await Self.count(app, from: .googleFit) == googleRecords, "kept unless asked")
                let none = try await browser.json(.post, "/api/v1/oauth/disconnect", #"{"provider":"google-fit"}"#, bearer: token)
                #expect(none.status == .notFound && none.error?.message == "Google Fit is not connected.")
            }
        }
    }

    @Test func noDataIsTakenBeforeTheTermsAreAccepted() async throws {
        try await StubDeviceProviders.run { stub in
            let app = try await Self.app(stub)
            try await app.test { browser in
                try await browser.signUp(onboard: false)
                try await browser.get("/profile/devices")
                let started = try await browser.post("/profile/devices/fitbit/connect", form: [])
                let back = try await browser.get(try await Self.consent(at: try #require(started.location)))
                #expect(back.location?.contains("failed=fitbit&code=consent_required") == true, "\(back.location ?? "")")
                #expect(try await Self.connection(app, .fitbit) == nil)
            }
        }
    }

    @Test func onboardingOffersTheConnectionsAndADeviceCanBeTheDataSource() async throws {
        try await StubDeviceProviders.run { stub in
            let app = try await Self.app(stub)
            try await app.test { browser in
                try await browser.signUp(onboard: false)
                try await browser.get("/onboarding/consent")
                try await browser.post("/onboarding/consent", form: [("accept", "yes")])
                try await browser.get("/onboarding/profile")
                try await browser.post(
                    "/onboarding/profile",
                    form: [
                        ("dateOfBirth", "1990-04-21"), ("sex", "female"), ("allergy", "none"), ("condition", "none"),
                        ("goal", "generalFitness"), ("heightCm", "170"), ("weight", "65"),
                    ])
                try await browser.get("/onboarding/optional")
                try await browser.post("/onboarding/optional", form: [("skip", "yes")])
                let step = try await browser.get("/onboarding/dataSource")
                #expect(step.text.contains(#"formaction="/profile/devices/oura/connect""#))
                #expect(step.text.contains("Sleep times and stages, for your sleep card and recovery"))
                // Choosing a device before connecting one is explained, not accepted.
                let early = try await browser.post("/onboarding/dataSource", form: [("source", "device")])
                #expect(early.status == .unprocessableContent && early.text.contains("Connect a device above first"))

                let started = try await browser.post(
                    "/profile/devices/oura/connect", form: [("return", "/onboarding/dataSource"), ("source", "")])
                let back = try await browser.get(try await Self.consent(at: try #require(started.location)))
                #expect(back.location?.hasPrefix("/onboarding/dataSource?connected=oura") == true)
                let after = try await browser.get(try #require(back.location))
                #expect(after.text.contains("Connected: Oura. Their data arrives every 30 minutes."))
                #expect(after.text.contains(#"value="device" checked"#) || after.text.contains(#"value="device"  checked"#))
                let chosen = try await browser.post("/onboarding/dataSource", form: [("source", "device")])
                #expect(chosen.status == .seeOther && chosen.location == "/onboarding/baseline")
            }
        }
    }

    @Test func aDeviceSilentForMoreThanADayIsNamedOnTheDashboard() async throws {
        try await StubDeviceProviders.run { stub in
            let clock = TestClock()
            let app = try await Self.app(stub, clock: clock)
            try await app.test { browser in
                try await browser.signUp()
                let token = try await browser.apiLogin().accessToken
                #expect(try await Self.connectLikeAnApp(.whoop, browser, token: token).status == .created)
                // Its pulls fail from now on (WHOOP is down), so nothing new arrives.
                await stub.throttle(next: 1_000, retryAfter: 60)
                clock.advance(minutes: 24 * 60)
                try await browser.logIn()
                #expect(!(try await browser.get("/").text.contains("No new data from WHOOP")), "a day old is not yet stale")
                clock.advance(minutes: 1)
                let home = try await browser.get("/")
                #expect(home.text.contains("No new data from WHOOP since"), "\(home.status)")
                #expect(try await browser.get("/profile/devices").text.contains("No new data from WHOOP for more than a day."))
            }
        }
    }
}
