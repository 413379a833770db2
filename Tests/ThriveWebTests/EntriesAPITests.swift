import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

@Suite("Mood, weight and water entries through the API")
struct EntriesAPITests {
    static let evening = ISO8601DateFormatter().date(from: "2026-11-22T19:30:00Z")!

    struct Entry: Decodable {
        let id: String
    }
    struct Day: Decodable {
        let date: String
        let entries: [Entry]
    }

    /// One kind's whole life through the API: log, refuse bad values with the field, list the day,
    /// replace, delete, undo; another person can reach none of it; every answer as documented.
    struct Case: Sendable, CustomTestStringConvertible {
        let kind: String
        let valid: String
        let replacement: String
        let invalid: [(body: String, field: String, message: String)]
        var testDescription: String { kind }
    }

    static let cases = [
        Case(
            kind: "mood", valid: #"{"mood":4,"energy":3,"stress":2,"note":"Good walk at lunch"}"#,
            replacement: #"{"recordedAt":"2026-11-22T18:00:00Z","mood":3}"#,
            invalid: [
                (#"{"mood":6}"#, "mood", "Mood must be a whole number from 1 to 5."),
                (#"{"mood":3,"stress":0}"#, "stress", "Stress must be a whole number from 1 to 5."),
                (#"{"mood":3,"recordedAt":"2026-11-23T09:00:00Z"}"#, "recordedAt", "An entry cannot be in the future."),
            ]),
        Case(
            kind: "weight", valid: #"{"kilograms":82.5}"#, replacement: #"{"kilograms":82.1}"#,
            invalid: [
                (#"{"kilograms":19}"#, "kilograms", "Weight must be between 20 and 400 kg (44 and 882 lb)."),
                (#"{"kilograms":401}"#, "kilograms", "Weight must be between 20 and 400 kg (44 and 882 lb)."),
            ]),
        Case(
            kind: "journal", valid: #"{"text":"Slept badly, but the walk at lunch helped."}"#,
            replacement: #"{"writtenAt":"2026-11-22T18:00:00Z","text":"Better evening."}"#,
            invalid: [
                (#"{"text":"   "}"#, "text", "Write something first: a journal entry cannot be empty."),
                (#"{"text":"Tomorrow","writtenAt":"2026-11-23T09:00:00Z"}"#, "writtenAt", "An entry cannot be in the future."),
            ]),
        Case(
            kind: "sleep", valid: #"{"start":"2026-11-21T23:10:00Z","end":"2026-11-22T06:40:00Z","quality":4}"#,
            replacement: #"{"start":"2026-11-21T23:40:00Z","end":"2026-11-22T07:00:00Z"}"#,
            invalid: [
                (
                    #"{"start":"2026-11-22T07:00:00Z","end":"2026-11-22T06:00:00Z"}"#, "start",
                    "Falling asleep must come before waking up."
                ),
                (
                    #"{"start":"2026-11-20T06:00:00Z","end":"2026-11-22T06:00:00Z"}"#, "start",
                    "A sleep can last at most 24 hours."
                ),
                (
                    #"{"start":"2026-11-21T23:00:00Z","end":"2026-11-22T06:00:00Z","quality":6}"#, "quality",
                    "Sleep quality must be a whole number from 1 to 5."
                ),
                (#"{"start":"2026-11-22T19:00:00Z","end":"2026-11-23T06:00:00Z"}"#, "end", "An entry cannot be in the future."),
            ]),
        Case(
            kind: "water", valid: #"{"millilitres":250}"#, replacement: #"{"millilitres":500}"#,
            invalid: [
                (#"{"millilitres":0}"#, "millilitres", "A drink must be between 10 ml and 5,000 ml."),
                (#"{"millilitres":6000}"#, "millilitres", "A drink must be between 10 ml and 5,000 ml."),
            ]),
    ]

    @Test(arguments: cases)
    func anEntryIsLoggedListedReplacedDeletedAndRestored(_ test: Case) async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            let path = "/api/v1/entries/\(test.kind)"
            let document = try SchemaJSON.parse(try await browser.get("/api/v1/openapi.json").text)
            let check = SchemaCheck(document: document)

            let created = try await browser.json(.post, path, test.valid, bearer: token)
            #expect(created.status == .created, "\(created.text)")
            try check.expectDocumented(created, path, "post")
            let id = try created.decode(Entry.self).id

            for (body, field, message) in test.invalid {
                let refused = try await browser.json(.post, path, body, bearer: token)
                #expect(refused.status == .unprocessableContent, "\(body)")
                #expect(refused.error?.field == field)
                #expect(refused.error?.message == message)
                try check.expectDocumented(refused, path, "post")
            }
            let unknownField = try await browser.json(
                .post, path,
                #"{"mood":3,"kilograms":80,"millilitres":100,"text":"x","start":"2026-11-22T01:00:00Z","end":"2026-11-22T02:00:00Z","x":1}"#,
                bearer: token)
            #expect(unknownField.status == .badRequest)

            let day = try await browser.json(.get, path + "?date=2026-11-22", bearer: token)
            try check.expectDocumented(day, path, "get")
            #expect(try day.decode(Day.self).entries.map(\.id) == [id], "only the valid entry was stored")

            let replaced = try await browser.json(.put, path + "/\(id)", test.replacement, bearer: token)
            #expect(replaced.status == .ok)
            try check.expectDocumented(replaced, path + "/{id}", "put")

            // Bob can neither read, replace, delete nor restore Ann's entry.
            let other = browser.fresh()
            try await other.signUp(email: "bob@example.com", timeZone: "UTC")
            let bob = try await other.apiLogin(email: "bob@example.com").accessToken
            #expect(try await other.json(.get, path + "?date=2026-11-22", bearer: bob).decode(Day.self).entries.isEmpty)
            #expect(try await other.json(.put, path + "/\(id)", test.replacement, bearer: bob).status == .notFound)
            #expect(try await other.json(.delete, path + "/\(id)", bearer: bob).status == .notFound)

            let deleted = try await browser.json(.delete, path + "/\(id)", bearer: token)
            #expect(deleted.status == .ok)
            try check.expectDocumented(deleted, path + "/{id}", "delete")
            #expect(try await browser.json(.get, path + "?date=2026-11-22", bearer: token).decode(Day.self).entries.isEmpty)
            #expect(try await other.json(.post, path + "/undo-delete", bearer: bob).status == .notFound)

            let restored = try await browser.json(.post, path + "/undo-delete", bearer: token)
            #expect(restored.status == .created)
            try check.expectDocumented(restored, path + "/undo-delete", "post")
            #expect(try restored.decode(Entry.self).id == id)
            #expect(try await browser.json(.get, path + "?date=2026-11-22", bearer: token).decode(Day.self).entries.count == 1)
            let nothing = try await browser.json(.post, path + "/undo-delete", bearer: token)
            #expect(nothing.status == .notFound)
            try check.expectDocumented(nothing, path + "/undo-delete", "post")
        }
    }

    @Test func theWeightRoutesCannotReachOtherMeasurements() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            let heartRate = QuantitySample(
                id: SampleID(UUID()), type: .heartRate, value: 61, start: Self.evening, end: Self.evening,
                source: .manualEntry)
            try await app.store.write { repositories in
                let owner = try #require(try await repositories.accounts.all().first?.id)
                try await repositories.records(of: owner).quantitySamples.store([heartRate])
            }
            let path = "/api/v1/entries/weight/\(heartRate.id)"
            #expect(try await browser.json(.delete, path, bearer: token).status == .notFound)
            #expect(try await browser.json(.put, path, #"{"kilograms":80}"#, bearer: token).status == .notFound)
            let stored = try await app.store.read { repositories in
                let owner = try #require(try await repositories.accounts.all().first?.id)
                return try await repositories.records(of: owner).quantitySamples.sample(id: heartRate.id)
            }
            #expect(stored == heartRate, "the heart rate is untouched")

            let weighIn = try await browser.json(.post, "/api/v1/entries/weight", #"{"kilograms":82.5}"#, bearer: token)
            #expect(weighIn.text.contains(#""pounds":181.9"#), "82.5 kg is 181.9 lb")
        }
    }
}
