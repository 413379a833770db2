import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveTestSupport
import ThriveWeb

/// Spec 001's air-quality alerts for Z carriers, against a local service speaking Open-Meteo's
/// API: offered only to a person with a Z allele on a server that has a service; off until they
/// turn it on with a place; at 07:00 an index of 100 says nothing and 101 sends the note; the
/// service is sent a rounded place and hours, nothing else; a failing service sends nothing.
@Suite("Air-quality alerts")
struct AirQualityTests {
    typealias Person = HabitsAPITests.Person

    struct ChoiceJSON: Decodable {
        let offered: Bool
        let enabled: Bool
        let latitude: Double?
        let longitude: Double?
        let threshold: Int
    }

    /// The person's air-quality notes in their center, as "title: body".
    static func notes(_ person: Person) async throws -> [String] {
        try await person.signInAgain()
        return try await person.send(.get, "/api/v1/mobile/notifications/history")
            .decode(PartnerPortalTests.CenterJSON.self).notifications
            .filter { $0.link == "/results#air-quality" }.map { "\($0.title): \($0.body)" }
    }

    @Test func aZCarrierHearsOfPoorAirAt0700FromIndex101() async throws {
        try await StubAirQualityService.run { air in
            // Monday 23 November 2026, 00:30 UTC; Ann is in Berlin, where 07:00 is 06:00 UTC.
            let clock = TestClock(ISO8601DateFormatter().date(from: "2026-11-23T00:30:00Z")!)
            let service = AirQualityConfiguration(baseURL: air.baseURL)
            let app = try await TestApp.make(configure: { $0.airQuality = service }, clock: clock)
            let jobs = BackgroundJobs(store: app.store, now: clock.source, airQuality: service, logger: app.logs.logger())
            try await app.test { browser in
                let (ann, lab, kits) = try await LabResultsTests.annWithKits(browser, app: app, count: 1)
                let bob = try await Person.make(browser.fresh(), email: "bob@example.com")
                var reply = try await ann.send(.get, "/api/v1/air-quality")
                #expect(try reply.decode(ChoiceJSON.self).offered == false, "no result yet: no genotype")
                _ = try await lab.send(.post, "/api/v1/lab/results", LabResultsTests.result(kits[0], level: 88, genotype: "MZ"))
                reply = try await ann.send(.get, "/api/v1/air-quality")
                try ann.check.expectDocumented(reply, "/api/v1/air-quality", "get")
                var choice = try reply.decode(ChoiceJSON.self)
                #expect(choice.offered && !choice.enabled && choice.threshold == 101)
                #expect(try await ann.browser.get("/results").text.contains("Alert me on poor air-quality days"))

                let noPlace = try await ann.send(.put, "/api/v1/air-quality", #"{"enabled":true}"#)
                #expect(noPlace.status == .unprocessableContent && noPlace.error?.field == "latitude")
                try ann.check.expectDocumented(noPlace, "/api/v1/air-quality", "put")
                let offGlobe = try await ann.send(.put, "/api/v1/air-quality", #"{"enabled":true,"latitude":91,"longitude":13}"#)
                #expect(offGlobe.error?.message == "Latitude is a number from −90 to 90, such as 52.52.")
                reply = try await ann.send(
                    .put, "/api/v1/air-quality", #"{"enabled":true,"latitude":52.5200066,"longitude":13.404954}"#)
                #expect(reply.status == .ok, "\(reply.text)")
                choice = try reply.decode(ChoiceJSON.self)
                #expect(choice.latitude == 52.52 && choice.longitude == 13.4, "rounded to about a kilometre")
                let notOffered = try await bob.send(.put, "/api/v1/air-quality", #"{"enabled":true,"latitude":1,"longitude":1}"#)
                #expect(notOffered.status == .conflict)

                // Monday: the worst hour is 100 at 12:00 UTC. Nothing.
                await air.set(100, at: 12)
                clock.advance(minutes: 5 * 60 + 40)  // 06:10 UTC, 07:10 in Berlin
                _ = try await jobs.runDue()
                #expect(try await Self.notes(ann).isEmpty)
                let asked = try #require(await air.requests.last)
                #expect(asked["latitude"] == "52.52" && asked["longitude"] == "13.4" && asked["hourly"] == "us_aqi")
                #expect(asked["start_hour"] == "2026-11-23T06:00" && asked["end_hour"] == "2026-11-23T22:00")
                #expect(Set(asked.keys) == ["latitude", "longitude", "hourly", "timezone", "start_hour", "end_hour"])

                // Tuesday: 101 at 12:00 UTC, 13:00 in Berlin.
                await air.set(101, at: 12)
                clock.advance(minutes: 24 * 60)
                _ = try await jobs.runDue()
                #expect(
                    try await Self.notes(ann) == [
                        "Poor air quality today: The air-quality index reaches 101 around 13:00. A day to keep hard exercise indoors."
                    ])

                // Wednesday: the service is down. Nothing, and nothing breaks.
                await air.fail()
                clock.advance(minutes: 24 * 60)
                _ = try await jobs.runDue()
                #expect(try await Self.notes(ann).count == 1)
                #expect(await air.requests.count == 3, "Bob (no Z allele) was never looked up")
            }
        }
    }
}
