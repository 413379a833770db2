import Benchmark
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import ThriveCore
import ThriveStore
import ThriveWeb

/// Server time of one dashboard request, through the whole router (session, settings, onboarding
/// gate, rendering) without the socket; one sample per request.
let dashboardHTMLMicroseconds = BenchmarkMetric.custom("HTML µs", polarity: .prefersSmaller, useScalingFactor: false)
let dashboardJSONMicroseconds = BenchmarkMetric.custom("JSON µs", polarity: .prefersSmaller, useScalingFactor: false)
/// The dashboard's page weight before compression: its HTML and every asset it loads.
let dashboardPageBytes = BenchmarkMetric.custom("page bytes", polarity: .prefersSmaller, useScalingFactor: false)

/// Logs in as the heavy demo person through the real forms and API, then asks for the dashboard
/// `requests` times as HTML and as JSON (Light for half of them, then Deep), recording each one.
func measureDashboard(_ benchmark: Benchmark, heavy: HeavyUser, requests: Int) async throws {
    let app = try await benchmarkApplication(heavy)
    let (html, json, bytes) = try await app.test(.router) { client -> ([Int], [Int], Int) in
        let (session, bearer) = try await logIn(client)

        let clock = ContinuousClock()
        func timed(_ request: () async throws -> TestResponse) async throws -> (TestResponse, Int) {
            var response: TestResponse?
            let elapsed = try await clock.measure { response = try await request() }
            precondition(response?.status == .ok, "dashboard answered \(String(describing: response?.status))")
            return (response!, Int(elapsed / .microseconds(1)))
        }
        var html: [Int] = []
        var json: [Int] = []
        var page: TestResponse?
        for index in 0..<requests {
            // The page's mode is the person's setting: Light for the first half, then Deep.
            let mode = index < requests / 2 ? "light" : "deep"
            if index == requests / 2 {
                _ = try await client.execute(
                    uri: "/api/v1/mobile/settings", method: .patch,
                    headers: [.authorization: "Bearer \(bearer)", .contentType: "application/merge-patch+json"],
                    body: ByteBuffer(string: #"{"coaching":{"mode":"deep"}}"#))
            }
            let (answer, pageTime) = try await timed {
                try await client.execute(uri: "/", method: .get, headers: [.cookie: session])
            }
            page = answer
            html.append(pageTime)
            let (data, dataTime) = try await timed {
                try await client.execute(
                    uri: "/api/v1/mobile/dashboard?mode=\(mode)", method: .get, headers: [.authorization: "Bearer \(bearer)"])
            }
            blackHole(data)
            json.append(dataTime)
        }

        // Weight of the last (Deep) page and everything it loads from this server, read from the page.
        let body = page.map { String(buffer: $0.body) } ?? ""
        var bytes = body.utf8.count
        for asset in pageAssets(body) {
            bytes += try await client.execute(uri: asset, method: .get).body.readableBytes
        }
        return (html, json, bytes)
    }
    for value in html { benchmark.measurement(dashboardHTMLMicroseconds, value) }
    for value in json { benchmark.measurement(dashboardJSONMicroseconds, value) }
    benchmark.measurement(dashboardPageBytes, bytes)
}

/// What a browser fetches to show `page`: its scripts, style sheets, icon, manifest and the icon sprite
/// its `<use>` elements point into (each once; the apple-touch-icon is fetched only by iOS home screens).
func pageAssets(_ page: String) -> [String] {
    let pattern = /(?:src|href)="(\/(?:assets\/[^"#]+|manifest\.webmanifest))(?:#[^"]*)?"/
    var seen: [String] = []
    for match in page.matches(of: pattern) where !match.1.hasSuffix("apple-touch-icon.png") {
        let path = String(match.1)
        if !seen.contains(path) { seen.append(path) }
    }
    return seen
}

/// The web app over the heavy person's store, logging only errors.
func benchmarkApplication(_ heavy: HeavyUser) async throws -> some ApplicationProtocol {
    try await benchmarkApplication(store: heavy.fixture.store)
}

func benchmarkApplication(store: Store) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "bench")
    logger.logLevel = .error
    let dependencies = AppDependencies(
        store: store, now: .system, ids: .random, hasher: BcryptPasswordHasher(cost: 4), logger: logger)
    return try await buildApplication(AppConfiguration(), dependencies: dependencies)
}

/// Logs in as the demo person through the real login form (a session cookie) and the API (a token).
func logIn(_ client: some TestClientProtocol) async throws -> (session: String, bearer: String) {
    let form = try await client.execute(uri: "/login", method: .get)
    let csrfCookie = cookie(form, "thrive_csrf")
    let token = String(buffer: form.body).components(separatedBy: #"name="_csrf" value=""#)[1].prefix { $0 != "\"" }
    let body = "_csrf=\(token)&email=\(DemoPerson.email.value)&password=\(DemoPerson.password)"
    let login = try await client.execute(
        uri: "/login", method: .post,
        headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "thrive_csrf=\(csrfCookie)"],
        body: ByteBuffer(string: body))
    let api = try await client.execute(
        uri: "/api/v1/auth/login", method: .post, headers: [.contentType: "application/json"],
        body: ByteBuffer(string: #"{"email":"\#(DemoPerson.email.value)","password":"\#(DemoPerson.password)"}"#))
    let bearer = String(buffer: api.body).components(separatedBy: #""accessToken":""#)[1].prefix { $0 != "\"" }
    return ("thrive_session=\(cookie(login, "thrive_session"))", String(bearer))
}

private func cookie(_ response: TestResponse, _ name: String) -> String {
    let header = response.headers[values: .setCookie].first { $0.hasPrefix("\(name)=") } ?? ""
    return String(header.dropFirst(name.count + 1).prefix { $0 != ";" })
}
