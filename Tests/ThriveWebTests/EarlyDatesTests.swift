import Foundation
import HTTPTypes
import Testing
import ThriveWeb

/// Entries from before 1970 are hours and days below zero, which must round down everywhere; and
/// nothing older than 1 January 1900 is kept.
@Suite("Entries dated before 1970, and the oldest date Thrive keeps")
struct EarlyDatesTests {
    static let now = ISO8601DateFormatter().date(from: "2026-11-22T19:30:00Z")!

    struct Entry: Decodable {
        let id: String
    }

    @Test(arguments: [
        (
            "weight", #"{"kilograms":82.5,"measuredAt":"1969-12-31T10:30:00Z"}"#,
            #"{"kilograms":81.0,"measuredAt":"1969-12-31T10:30:00Z"}"#
        ),
        (
            "water", #"{"millilitres":250,"drankAt":"1969-12-31T10:30:00Z"}"#,
            #"{"millilitres":500,"drankAt":"1969-12-31T10:30:00Z"}"#
        ),
    ])
    func twoEntriesOfTheEveningBefore1970CanBeEditedAndDeleted(kind: String, body: String, edit: String) async throws {
        let app = try await TestApp.make(clock: TestClock(Self.now))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            let path = "/api/v1/entries/\(kind)"
            let first = try await browser.json(.post, path, body, bearer: token)
            let second = try await browser.json(.post, path, body, bearer: token)
            #expect(first.status == .created, "\(first.text)")
            #expect(second.status == .created, "\(second.text)")
            let id = try first.decode(Entry.self).id
            let edited = try await browser.json(.put, path + "/\(id)", edit, bearer: token)
            #expect(edited.status == .ok, "\(edited.text)")
            let deleted = try await browser.json(.delete, path + "/\(id)", bearer: token)
            #expect(deleted.status == .ok, "\(deleted.text)")
            let other = try second.decode(Entry.self).id
            #expect(try await browser.json(.delete, path + "/\(other)", bearer: token).status == .ok)
        }
    }

    @Test func aDeviceSampleBefore1970IsReplacedByItsNewerVersion() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.now))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            func batch(_ value: Int, version: Int) -> String {
                #"{"quantitySamples":[{"type":"HKQuantityTypeIdentifierHeartRate","value":\#(value),"unit":"count/min","start":"1969-12-31T10:30:00Z","source":{"name":"Watch","kind":"device"},"syncIdentifier":"old-\#(value)","syncVersion":1},{"type":"HKQuantityTypeIdentifierHeartRate","value":70,"unit":"count/min","start":"1969-12-31T10:31:00Z","source":{"name":"Watch","kind":"device"},"syncIdentifier":"same","syncVersion":\#(version)}]}"#
            }
            #expect(try await browser.json(.post, "/api/v1/samples", batch(60, version: 1), bearer: token).status == .ok)
            let resent = try await browser.json(.post, "/api/v1/samples", batch(61, version: 2), bearer: token)
            #expect(resent.status == .ok, "\(resent.text)")
            #expect(resent.text == #"{"categorySamples":0,"quantitySamples":2}"#)
        }
    }

    /// 1 January 1900 at 00:00 UTC is kept; a second earlier is refused with the field and a reason.
    @Test func theOldestDateIsTheFirstOfJanuary1900() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.now))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            let kept = try await browser.json(
                .post, "/api/v1/entries/weight", #"{"kilograms":70,"measuredAt":"1900-01-01T00:00:00Z"}"#, bearer: token)
            #expect(kept.status == .created, "\(kept.text)")
            let refusals = [
                ("/api/v1/entries/weight", #"{"kilograms":70,"measuredAt":"1899-12-31T23:59:59Z"}"#, "measuredAt"),
                ("/api/v1/entries/mood", #"{"mood":3,"recordedAt":"1899-12-31T23:59:59Z"}"#, "recordedAt"),
                ("/api/v1/entries/journal", #"{"text":"Old","writtenAt":"1899-12-31T23:59:59Z"}"#, "writtenAt"),
                (
                    "/api/v1/entries/meals",
                    #"{"meal":"snack","name":"Cookie","energyKilocalories":120,"consumedAt":"1899-12-31T23:59:59Z"}"#,
                    "consumedAt"
                ),
            ]
            for (path, body, field) in refusals {
                let refused = try await browser.json(.post, path, body, bearer: token)
                #expect(refused.status == .unprocessableContent, "\(path): \(refused.text)")
                #expect(refused.error?.field == field, "\(path)")
                #expect(refused.error?.message == "Thrive keeps records from 1 January 1900 on: check the year.", "\(path)")
            }
            let sample = try await browser.json(
                .post, "/api/v1/samples",
                #"{"quantitySamples":[{"type":"HKQuantityTypeIdentifierStepCount","value":10,"unit":"count","start":"1899-12-31T23:59:59Z","source":{"name":"Phone"},"syncIdentifier":"s-1"}]}"#,
                bearer: token)
            #expect(sample.status == .unprocessableContent, "\(sample.text)")
            #expect(sample.text.contains("1 January 1900"))
        }
    }
}
