import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

@Suite("Samples API")
struct SamplesAPITests {
    static func heartRates(_ values: [Double], version: Int = 1, prefix: String = "hr") -> String {
        let items = values.enumerated().map { index, value in
            #"{"type":"HKQuantityTypeIdentifierHeartRate","value":\#(value),"unit":"count/min","start":"2026-11-20T07:\#(String(format: "%02d", index)):00Z","source":{"name":"Apple Watch","kind":"device"},"syncIdentifier":"\#(prefix)-\#(index)","syncVersion":\#(version)}"#
        }
        return #"{"quantitySamples":[\#(items.joined(separator: ","))]}"#
    }

    func count(_ app: TestApp, email: String = "ann@example.com") async throws -> Int {
        try await app.store.read { repositories in
            guard let account = try await repositories.accounts.find(email: try EmailAddress(email)) else { return 0 }
            return try await repositories.records(of: account.id).summary().total.count
        }
    }

    @Test func uploadsAreStoredListedAndIdempotent() async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            let first = try await browser.json(.post, "/api/v1/samples", Self.heartRates([61, 64, 70]), bearer: token)
            #expect(first.status == .ok, "\(first.text)")
            #expect(first.text == #"{"categorySamples":0,"quantitySamples":3}"#)
            #expect(try await browser.json(.post, "/api/v1/samples", Self.heartRates([61, 64, 70]), bearer: token).status == .ok)
            #expect(try await count(app) == 3, "sending the same samples again stores nothing new")
            try await browser.json(.post, "/api/v1/samples", Self.heartRates([99], version: 2), bearer: token)

            let sleep =
                #"{"categorySamples":[{"type":"HKCategoryTypeIdentifierSleepAnalysis","value":4,"start":"2026-11-20T01:00:00Z","end":"2026-11-20T01:40:00.250Z","source":{"name":"Oura"},"syncIdentifier":"deep-1"}]}"#
            #expect(try await browser.json(.post, "/api/v1/samples", sleep, bearer: token).status == .ok)

            let listing = try await browser.json(
                .get, "/api/v1/samples?type=HKQuantityTypeIdentifierHeartRate&from=2026-11-20T07:00:30Z&limit=10", bearer: token)
            #expect(listing.status == .ok)
            struct Listing: Decodable {
                struct Sample: Decodable {
                    let value: Double
                    let syncIdentifier: String
                    let syncVersion: Int
                    let unit: String
                }
                let quantitySamples: [Sample]
            }
            let samples = try listing.decode(Listing.self).quantitySamples
            #expect(samples.map(\.value) == [64, 70])
            #expect(samples.allSatisfy { $0.unit == "count/min" })
            let all = try await browser.json(.get, "/api/v1/samples?type=HKQuantityTypeIdentifierHeartRate", bearer: token)
            #expect(try all.decode(Listing.self).quantitySamples.first?.value == 99, "version 2 replaced version 1")
            let nights = try await browser.json(.get, "/api/v1/samples?type=HKCategoryTypeIdentifierSleepAnalysis", bearer: token)
            #expect(nights.text.contains(#""source":{"kind":"app","name":"Oura"}"#))
            // The uploads said "device"; the server decides from how they came: through the API, an app's.
            #expect(all.text.contains(#""source":{"kind":"app","name":"Apple Watch"}"#), "\(all.text)")
            #expect(!all.text.contains(#""kind":"device""#))
        }
    }

    /// An uploader cannot make itself a device to the safety rules: one morning's resting heart rate
    /// above 100 from a device opens the alert at once, from anything else only on a second morning.
    @Test func anUploadThatCallsItselfADeviceIsNotTrustedAsOne() async throws {
        let app = try await TestApp.make(clock: TestClock(ISO8601DateFormatter().date(from: "2026-11-22T19:30:00Z")!))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            func morning(_ day: Int, _ value: Int) -> String {
                #"{"quantitySamples":[{"type":"HKQuantityTypeIdentifierRestingHeartRate","value":\#(value),"start":"2026-11-\#(day)T07:00:00Z","source":{"name":"Apple Watch","kind":"device"},"syncIdentifier":"rhr-\#(day)"}]}"#
            }
            #expect(try await browser.json(.post, "/api/v1/samples", morning(22, 112), bearer: token).status == .ok)
            #expect(try await browser.json(.get, "/api/v1/alerts", bearer: token).text.contains(#""alerts":[]"#))
            #expect(try await browser.json(.post, "/api/v1/samples", morning(21, 101), bearer: token).status == .ok)
            let alerts = try await browser.json(.get, "/api/v1/alerts", bearer: token).text
            #expect(alerts.contains("restingHeartRateHigh"), "a second morning above 100: \(alerts)")
        }
    }

    @Test func oneBadSampleRejectsTheWholeUploadAndNamesIt() async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            let reply = try await browser.json(.post, "/api/v1/samples", Self.heartRates([60, 612, 62]), bearer: token)
            #expect(reply.status == .unprocessableContent)
            #expect(reply.error?.field == "quantitySamples[1].value")
            #expect(reply.error?.message == "quantitySamples[1]: Heart rate must be between 20 and 250 count/min.")
            #expect(try await count(app) == 0)
        }
    }

    @Test(arguments: [
        (
            #"{"quantitySamples":[{"type":"HKQuantityTypeIdentifierBodyMass","value":160,"unit":"lb","start":"2026-11-20T07:00:00Z","source":{"name":"Scale"},"syncIdentifier":"w"}]}"#,
            422, "quantitySamples[0]: Send weight in kg, not lb."
        ),
        (
            #"{"quantitySamples":[{"type":"HKQuantityTypeIdentifierSteps","value":1,"start":"2026-11-20T07:00:00Z","source":{"name":"x"},"syncIdentifier":"s"}]}"#,
            422, "quantitySamples[0]: “HKQuantityTypeIdentifierSteps” is not a known quantity type"
        ),
        (
            #"{"quantitySamples":[{"type":"HKQuantityTypeIdentifierStepCount","value":"ten","start":"2026-11-20T07:00:00Z","source":{"name":"x"},"syncIdentifier":"s"}]}"#,
            400, "The field “quantitySamples[0].value” must be a number."
        ),
        (
            #"{"quantitySamples":[{"type":"HKQuantityTypeIdentifierStepCount","value":10,"start":"yesterday","source":{"name":"x"},"syncIdentifier":"s"}]}"#,
            400, "The field “quantitySamples[0].start” has an invalid value"
        ),
        (
            #"{"quantitySamples":[{"type":"HKQuantityTypeIdentifierStepCount","value":10,"start":"2026-11-20T07:00:00Z","source":{"name":"x","model":"S9"},"syncIdentifier":"s"}]}"#,
            400, "Unknown field “quantitySamples[0].source.model”."
        ),
        (
            #"{"quantitySamples":[{"type":"HKQuantityTypeIdentifierStepCount","value":10,"start":"2026-11-20T07:00:00Z","source":{"name":"x"}}]}"#,
            400, "The field “quantitySamples[0].syncIdentifier” is required."
        ),
        (
            #"{"quantitySamples":[{"type":"HKQuantityTypeIdentifierStepCount","value":10,"start":"2026-11-20T07:00:00Z","source":{"name":"x"},"syncIdentifier":"s"},{"type":"HKQuantityTypeIdentifierStepCount","value":11,"start":"2026-11-20T08:00:00Z","source":{"name":"x"},"syncIdentifier":"s"}]}"#,
            422, "quantitySamples[1]: the syncIdentifier appears twice"
        ),
        (#"{"quantitySamples":[]}"#, 400, "Send at least one sample"),
        (#"{"samples":[]}"#, 400, "Unknown field “samples”."),
    ])
    func badUploadsAreExplained(body: String, status: Int, message: String) async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            let reply = try await browser.json(.post, "/api/v1/samples", body, bearer: token)
            #expect(reply.status.code == status, "\(reply.text)")
            #expect(reply.error?.message.hasPrefix(message) == true, "\(reply.text)")
            #expect(try await count(app) == 0)
        }
    }

    @Test func listingRejectsNonsenseParameters() async throws {
        try await TestApp.make().test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            for (query, field) in [
                ("", "type"), ("?type=HKQuantityTypeIdentifierFoo", "type"),
                ("?type=HKQuantityTypeIdentifierHeartRate&from=monday", "from"),
                ("?type=HKQuantityTypeIdentifierHeartRate&limit=0", "limit"),
                ("?type=HKQuantityTypeIdentifierHeartRate&limit=99999", "limit"),
            ] {
                let reply = try await browser.json(.get, "/api/v1/samples\(query)", bearer: token)
                #expect(reply.status == .badRequest, "\(query)")
                #expect(reply.error?.field == field, "\(query)")
            }
        }
    }

    @Test func nobodySeesAnotherPersonsSamples() async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            try await browser.signUp()
            let ann = try await browser.apiLogin().accessToken
            try await browser.json(.post, "/api/v1/samples", Self.heartRates([61]), bearer: ann)
            let bobsBrowser = browser.fresh()
            try await bobsBrowser.signUp(email: "bob@example.com", name: "Bob")
            let bob = try await bobsBrowser.apiLogin(email: "bob@example.com").accessToken
            let bobs = try await bobsBrowser.json(.get, "/api/v1/samples?type=HKQuantityTypeIdentifierHeartRate", bearer: bob)
            #expect(bobs.text == #"{"quantitySamples":[]}"#)
            // Bob's device reusing Ann's sync identifier creates Bob's own sample, Ann's stays.
            try await bobsBrowser.json(.post, "/api/v1/samples", Self.heartRates([90], version: 5), bearer: bob)
            let anns = try await browser.json(.get, "/api/v1/samples?type=HKQuantityTypeIdentifierHeartRate", bearer: ann)
            #expect(anns.text.contains(#""value":61"#))
            #expect(!anns.text.contains(#""value":90"#))
        }
    }

    @Test func aSessionCookieAloneCannotWriteThroughTheAPI() async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            try await browser.signUp()
            let page = try await browser.get("/profile")
            let forged = try await browser.json(.post, "/api/v1/samples", Self.heartRates([61]))
            #expect(forged.status == .forbidden)
            #expect(forged.error?.code == "csrf_failed")
            #expect(try await count(app) == 0)
            let token = try #require(page.formToken)
            let allowed = try await browser.json(
                .post, "/api/v1/samples", Self.heartRates([61]), headers: [HTTPField.Name("X-CSRF-Token")!: token])
            #expect(allowed.status == .ok)
            #expect(try await browser.json(.get, "/api/v1/me").status == .ok, "reads need no token")
        }
    }
}
