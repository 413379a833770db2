import Foundation
import HTTPTypes
import NIOCore
import Testing
import ThriveCore
import ThriveStore
import ThriveSync
import ThriveWeb

/// A device speaking the sync protocol through the router, with its token and cursor.
struct SyncDevice {
    let browser: Browser
    let token: String
    let check: SchemaCheck

    static func signedUp(_ browser: Browser, email: String = "ann@example.com") async throws -> SyncDevice {
        try await browser.signUp(email: email, timeZone: "UTC")
        let token = try await browser.apiLogin(email: email).accessToken
        let document = try SchemaJSON.parse(try await browser.get("/api/v1/openapi.json").text)
        return SyncDevice(browser: browser, token: token, check: SchemaCheck(document: document))
    }

    /// Sends a request and checks the answer against the OpenAPI document.
    @discardableResult
    func sync(_ changes: [SyncChange] = [], cursor: Int64 = 0, limit: Int? = nil, snapshot: Bool? = nil) async throws
        -> SyncResponse
    {
        let reply = try await send(SyncRequest(cursor: cursor, changes: changes, limit: limit, snapshot: snapshot))
        #expect(reply.status == .ok, "\(reply.text)")
        try check.expectDocumented(reply, "/api/v1/mobile/sync", "post")
        return try reply.decode(SyncResponse.self)
    }

    func send(_ request: SyncRequest) async throws -> Reply {
        try await send(raw: try Self.body(request))
    }

    func send(raw body: String) async throws -> Reply {
        try await browser.json(.post, "/api/v1/mobile/sync", body, bearer: token)
    }

    /// A request as JSON, dates as ISO 8601.
    static func body(_ request: SyncRequest) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(request), as: UTF8.self)
    }

    /// Every record the server holds for this person, pulled a page at a time from the start.
    func pullAll(limit: Int = 500) async throws -> [SyncRecord] {
        var records: [SyncRecord] = []
        var cursor: Int64 = 0
        while true {
            let page = try await sync(cursor: cursor, limit: limit)
            records += page.changes
            cursor = page.cursor
            if !page.more { return records }
        }
    }
}

@Suite("Sync protocol through the router")
struct SyncAPITests {
    static let evening = ISO8601DateFormatter().date(from: "2026-11-22T19:30:00Z")!

    static func mood(
        _ record: UUID, mood: Int, note: String? = nil, base: Int64? = nil, resolution: SyncChange.Resolution? = nil,
        change: UUID = UUID()
    ) -> SyncChange {
        var fields: [String: JSONValue] = ["recordedAt": .string("2026-11-22T08:00:00Z"), "mood": .number(Double(mood))]
        if let note { fields["note"] = .string(note) }
        return SyncChange(
            id: change, kind: .moodCheckIn, recordID: record, operation: .upsert, baseVersion: base, fields: .object(fields),
            madeAt: evening, resolution: resolution)
    }

    static func delete(_ kind: ChangeKind, _ record: UUID, base: Int64?) -> SyncChange {
        SyncChange(id: UUID(), kind: kind, recordID: record, operation: .delete, baseVersion: base, madeAt: evening)
    }

    @Test func aChangeIsAppliedOnceHoweverOftenItIsSent() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            let device = try await SyncDevice.signedUp(browser)
            let record = UUID()
            let change = Self.mood(record, mood: 4, note: "Walked at lunch")
            let first = try await device.sync([change])
            #expect(first.results.map(\.status) == [.applied])
            let version = try #require(first.results[0].version)
            #expect(!first.changes.contains { $0.recordID == record }, "not echoed back to the device that sent it")
            let pulled = try #require(try await device.pullAll().first { $0.recordID == record }, "another device gets it")
            #expect(pulled.version == version)
            #expect(pulled.fields?.object?["note"] == .string("Walked at lunch"))
            #expect(pulled.fields?.object?["mood"] == .number(4))

            // The answer was lost: the device sends the same change again, twice in one batch.
            let again = try await device.sync([change, change], cursor: first.cursor)
            #expect(again.results.map(\.status) == [.duplicate, .duplicate])
            #expect(again.results.map(\.version) == [version, version])
            #expect(again.results.allSatisfy { $0.server?.fields?.object?["note"] == .string("Walked at lunch") })
            #expect(again.changes.isEmpty, "nothing changed since the cursor")

            // The same change ID with other content in one batch: the second is refused, not
            // silently dropped as if it were the first sent again.
            let reused = Self.mood(UUID(), mood: 2, change: UUID())
            var altered = reused
            altered.fields = Self.mood(reused.recordID, mood: 5).fields
            let mixed = try await device.sync([reused, altered, reused], cursor: again.cursor)
            #expect(mixed.results.map(\.status) == [.applied, .rejected, .duplicate])
            #expect(mixed.results[1].field == "id")
            #expect(
                mixed.results[1].message
                    == "This change ID was already used in this batch for a different change. Give each change its own ID.")

            let day = try await browser.json(.get, "/api/v1/entries/mood?date=2026-11-22", bearer: device.token)
            #expect(day.text.components(separatedBy: "\"mood\":4").count == 2, "one check-in: \(day.text)")

            // Resent after the record was deleted elsewhere: the answer says where it stands now.
            let deleted = try await browser.json(.delete, "/api/v1/entries/mood/\(record)", bearer: device.token)
            #expect(deleted.status == .noContent || deleted.status == .ok, "\(deleted.text)")
            let later = try await device.sync([change], cursor: again.cursor)
            #expect(later.results.map(\.status) == [.duplicate])
            #expect(later.results[0].server?.deleted == true)
        }
    }

    @Test func batchesArrivingOutOfOrderOrTwiceEndTheSame() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            let device = try await SyncDevice.signedUp(browser)
            let (a, b, c) = (UUID(), UUID(), UUID())
            let morning = [Self.mood(a, mood: 2), Self.mood(b, mood: 3)]
            let afternoon = [Self.mood(c, mood: 5), Self.delete(.moodCheckIn, b, base: nil)]
            // The afternoon batch overtakes the morning one: the delete of b, not there yet, is
            // refused (the server never had b), so it is not spent; sent again once b is there, it
            // deletes it, as the person meant.
            #expect(try await device.sync(afternoon).results.map(\.status) == [.applied, .rejected])
            #expect(try await device.sync(morning).results.map(\.status) == [.applied, .applied])
            #expect(
                try await device.sync(afternoon + morning).results.map(\.status)
                    == [.duplicate, .applied, .duplicate, .duplicate])
            let moods = try await device.pullAll().filter { $0.kind == .moodCheckIn && !$0.deleted }
            #expect(Set(moods.compactMap(\.recordID)) == [a, c])
        }
    }

    @Test func aStaleEditIsAConflictSettledByThePersonWithNothingLost() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            let device = try await SyncDevice.signedUp(browser)
            let record = UUID()
            let created = try await device.sync([Self.mood(record, mood: 3, note: "ok")])
            let base = try #require(created.results[0].version)

            // Meanwhile the same check-in is edited on the server, through the API.
            let edited = try await browser.json(
                .put, "/api/v1/entries/mood/\(record.uuidString.lowercased())",
                #"{"recordedAt":"2026-11-22T08:00:00Z","mood":2,"note":"actually tired"}"#, bearer: device.token)
            #expect(edited.status == .ok, "\(edited.text)")

            let stale = try await device.sync([Self.mood(record, mood: 5, note: "great", base: base)], cursor: created.cursor)
            let conflict = stale.results[0]
            #expect(conflict.status == .conflict)
            #expect(conflict.final == nil, "the person decides")
            let server = try #require(conflict.server)
            #expect(server.version > base)
            #expect(server.fields?.object?["note"] == .string("actually tired"))

            // The person merges: the server's note, their mood.
            let merged = Self.mood(record, mood: 5, note: "actually tired", base: server.version, resolution: .merged)
            let settled = try await device.sync([merged], cursor: stale.cursor)
            #expect(settled.results[0].status == .applied)
            let now = try #require(try await device.pullAll().first { $0.recordID == record })
            #expect(now.fields?.object?["mood"] == .number(5))
            #expect(now.fields?.object?["note"] == .string("actually tired"))

            let history = try await app.store.read { repositories in
                let owner = try #require(try await repositories.accounts.all().first?.id)
                return try await repositories.records(of: owner).conflictHistory.versions(.moodCheckIn, recordID: record)
            }
            #expect(history.map(\.reason) == ["merged"])
            #expect(history.first?.side == .server)
            #expect(history.first?.body.object?["mood"] == .number(2), "the server's version is kept")
        }
    }

    @Test func keepTheServersVersionKeepsTheDevicesInHistory() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            let device = try await SyncDevice.signedUp(browser)
            let record = UUID()
            let created = try await device.sync([Self.mood(record, mood: 3)])
            let base = try #require(created.results[0].version)
            let answer = try await device.sync([Self.mood(record, mood: 1, note: "mine", base: base, resolution: .keepServer)])
            #expect(answer.results[0].status == .applied)
            #expect(answer.results[0].version == base, "the record did not change")
            let history = try await app.store.read { repositories in
                let owner = try #require(try await repositories.accounts.all().first?.id)
                return try await repositories.records(of: owner).conflictHistory.versions(.moodCheckIn, recordID: record)
            }
            #expect(history.map(\.reason) == ["keptServer"])
            #expect(history.first?.body.object?["note"] == .string("mine"))
        }
    }

    @Test func aDeletionWinsOverOlderEditsAndKeepsWhatItOverrode() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            let device = try await SyncDevice.signedUp(browser)
            let (kept, gone) = (UUID(), UUID())
            let created = try await device.sync([Self.mood(kept, mood: 3), Self.mood(gone, mood: 4)])
            let keptBase = try #require(created.results[0].version)
            let goneBase = try #require(created.results[1].version)

            // Another device deletes `gone`, and edits `kept`.
            let other = try await device.sync([
                Self.delete(.moodCheckIn, gone, base: goneBase), Self.mood(kept, mood: 2, base: keptBase),
            ])
            #expect(other.results.map(\.status) == [.applied, .applied])

            // This device, offline, had edited `gone` and deleted `kept`.
            let late = try await device.sync([
                Self.mood(gone, mood: 5, base: goneBase), Self.delete(.moodCheckIn, kept, base: keptBase),
            ])
            #expect(late.results[0].status == .conflict)
            #expect(late.results[0].final == true, "the tombstone wins")
            #expect(late.results[0].server?.deleted == true)
            #expect(late.results[1].status == .applied, "the deletion wins over the other device's edit")

            let records = try await device.pullAll().filter { $0.kind == .moodCheckIn }
            #expect(records.allSatisfy { $0.deleted })
            #expect(Set(records.compactMap(\.recordID)) == [kept, gone])
            let reasons = try await app.store.read { repositories in
                let owner = try #require(try await repositories.accounts.all().first?.id)
                let history = repositories.records(of: owner).conflictHistory
                return [
                    try await history.versions(.moodCheckIn, recordID: gone).map(\.reason),
                    try await history.versions(.moodCheckIn, recordID: kept).map(\.reason),
                ]
            }
            #expect(reasons == [["deletedOnServer"], ["deletedOnDevice"]])
        }
    }

    @Test func settingsGoFieldByFieldWithTheServerKeepingWhatItChanged() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            let device = try await SyncDevice.signedUp(browser)
            let start = try await device.pullAll()
            let settings = try #require(start.first { $0.kind == .settings })
            #expect(settings.fields?.object?["display"]?.object?["theme"] == .string("auto"))

            // The phone changes the theme while the device is offline.
            let patched = try await browser.json(
                .patch, "/api/v1/mobile/settings", #"{"display":{"theme":"light"}}"#, bearer: device.token)
            #expect(patched.status == .ok)

            let change = SyncChange(
                id: UUID(), kind: .settings, recordID: UUID(), operation: .upsert, baseVersion: settings.version,
                fields: .object(["display": .object(["theme": .string("dark"), "textSize": .string("large")])]),
                madeAt: Self.evening)
            let answer = try await device.sync([change])
            let result = answer.results[0]
            #expect(result.status == .applied)
            #expect(result.overruled == ["display.theme"])
            let display = try #require(result.server?.fields?.object?["display"]?.object)
            #expect(display["theme"] == .string("light"), "the server's newer theme stays")
            #expect(display["textSize"] == .string("large"), "the device's text size is applied")

            let invalid = SyncChange(
                id: UUID(), kind: .settings, recordID: UUID(), operation: .upsert, baseVersion: result.version,
                fields: .object(["notifications": .object(["quietHours": .object(["start": .string("25:00")])])]),
                madeAt: Self.evening)
            let refused = try await device.sync([invalid]).results[0]
            #expect(refused.status == .rejected)
            #expect(refused.field == "quietHours.start")

            let goals = SyncChange(
                id: UUID(), kind: .goals, recordID: UUID(), operation: .upsert, baseVersion: nil,
                fields: .object(["training": .object(["sessionsPerWeek": .number(4)])]), madeAt: Self.evening)
            #expect(try await device.sync([goals]).results[0].status == .applied)
            let preferences = try await browser.json(.get, "/api/v1/plan/preferences", bearer: device.token)
            #expect(preferences.text.contains(#""sessionsPerWeek":4"#), "\(preferences.text)")
        }
    }

    @Test func invalidChangesAreRejectedAloneWithTheirMessage() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            let device = try await SyncDevice.signedUp(browser)
            let good = Self.mood(UUID(), mood: 4)
            let bad = Self.mood(UUID(), mood: 6)
            let meal = SyncChange(
                id: UUID(), kind: .meal, recordID: UUID(), operation: .upsert,
                fields: .object(["meal": .string("lunch"), "name": .string("Lentil soup")]), madeAt: Self.evening)
            let sample = SyncChange(
                id: UUID(), kind: .samples, recordID: UUID(), operation: .upsert, fields: .object([:]), madeAt: Self.evening)
            let answer = try await device.sync([bad, good, meal, sample])
            #expect(answer.results.map(\.status) == [.rejected, .applied, .rejected, .rejected])
            #expect(answer.results[0].message == "Mood must be a whole number from 1 to 5.")
            #expect(answer.results[0].field == "mood")
            #expect(answer.results[2].field == "food", "a meal needs a food or a name with its energy")
            #expect(answer.results[3].field == "kind")

            let tooMany = try await device.send(
                SyncRequest(cursor: 0, changes: (0...SyncLimits.maxChanges).map { _ in Self.mood(UUID(), mood: 3) }))
            #expect(tooMany.status == .badRequest)
            #expect(tooMany.error?.field == "changes")
            let negative = try await device.send(SyncRequest(cursor: 0, limit: -1))
            #expect(negative.error?.field == "limit")
            #expect(negative.error?.message == "“limit” must be a whole number from 0 to 2000.")
            #expect(try await device.send(SyncRequest(cursor: -1)).error?.field == "cursor")

            // A misspelt key is named, at the top and inside a change; an unknown key set to null is no harm.
            let misspelt = try await device.send(raw: #"{"cursor":0,"changes":[],"limt":0}"#)
            #expect(misspelt.status == .badRequest)
            #expect(misspelt.error?.message == "Unknown field “limt”. Check its spelling against the API document.")
            let one = try SyncDevice.body(SyncRequest(cursor: 0, changes: [Self.mood(UUID(), mood: 2)]))
            let inChange = try await device.send(raw: one.replacingOccurrences(of: #""kind":"#, with: #""basVersion":3,"kind":"#))
            #expect(inChange.error?.field == "changes[0].basVersion")
            let nulled = try await device.send(
                raw: one.replacingOccurrences(of: #""kind":"#, with: #""basVersion":null,"kind":"#))
            #expect(nulled.status == .ok)
            #expect(try await device.send(raw: #"{"cursor":"#).error?.message == "The request body is not valid JSON.")

            // Each refusal names the real problem.
            let huge = try await device.send(raw: #"{"cursor":1e30,"changes":[]}"#)
            #expect(huge.status == .badRequest)
            #expect(huge.error?.field == "cursor")
            #expect(huge.error?.message.hasPrefix("“cursor” must be a whole number") == true, "\(huge.text)")
            let half = try await device.send(raw: #"{"cursor":0.5,"changes":[],"limit":10}"#)
            #expect(half.error?.field == "cursor", "\(half.text)")
            var bytes = Array(one.utf8)
            let note = bytes.firstIndex(of: UInt8(ascii: "2"))!  // the mood's value
            bytes.insert(contentsOf: [0xC3, 0x28], at: note)
            let broken = try await browser.send(
                "/api/v1/mobile/sync", method: .post,
                headers: [.contentType: "application/json", .authorization: "Bearer \(device.token)"],
                body: ByteBuffer(bytes: bytes))
            #expect(broken.status == .badRequest)
            #expect(
                broken.error?.message == "The request body is not UTF-8 text: byte \(note) breaks it. Send JSON as UTF-8.",
                "\(broken.text)")
            let text = try SyncDevice.body(
                SyncRequest(
                    cursor: 0,
                    changes: [
                        SyncChange(
                            id: UUID(), kind: .moodCheckIn, recordID: UUID(), operation: .upsert,
                            fields: .string("mood 3"), madeAt: Self.evening)
                    ]))
            let stringFields = try await device.send(raw: text).decode(SyncResponse.self)
            #expect(stringFields.results[0].status == .rejected)
            #expect(stringFields.results[0].field == "fields")
            #expect(
                stringFields.results[0].message == "“fields” must be an object: the whole entry, as the entries API takes it.")
        }
    }

    /// The web app sends what it kept offline with its session and the page's token, and pulls
    /// nothing (limit 0): it keeps no copy of records. Its edit page says which version it shows, so
    /// an edit kept offline meets a change made meanwhile as a conflict.
    @Test func theWebAppSendsWithItsSessionAndPullsNothing() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            let device = try await SyncDevice.signedUp(browser)
            let record = UUID()
            let created = try await device.sync([Self.mood(record, mood: 3)])
            let version = try #require(created.results[0].version)

            let edit = try await browser.get("/pillars/wellbeing/mood/\(record.uuidString.lowercased())/edit")
            #expect(
                edit.text.contains(
                    #"data-sync-kind="moodCheckIn" data-sync-label="Mood" data-sync-zone="GMT" data-sync-units="metric""#))
            #expect(edit.text.contains(#"data-sync-record="\#(record.uuidString.lowercased())" data-sync-version="\#(version)""#))
            let token = try #require(edit.formToken)

            func send(_ changes: [SyncChange], token: String?) async throws -> Reply {
                try await browser.json(
                    .post, "/api/v1/mobile/sync", try SyncDevice.body(SyncRequest(cursor: 0, changes: changes, limit: 0)),
                    headers: token.map { [HTTPField.Name("X-CSRF-Token")!: $0] } ?? [:])
            }
            let offlineEdit = Self.mood(record, mood: 5, base: version)
            let forged = try await send([offlineEdit], token: nil)
            #expect(forged.status == .forbidden, "a session alone cannot write")

            // Meanwhile another device changed the check-in: the web app's edit is a conflict.
            try await device.sync([Self.mood(record, mood: 2, base: version)])
            let answer = try await send([offlineEdit, Self.mood(UUID(), mood: 4)], token: token)
            #expect(answer.status == .ok, "\(answer.text)")
            try device.check.expectDocumented(answer, "/api/v1/mobile/sync", "post")
            let result = try answer.decode(SyncResponse.self)
            #expect(result.results.map(\.status) == [.conflict, .applied])
            #expect(result.results[0].server?.fields?.object?["mood"] == .number(2))
            #expect(result.changes.isEmpty && result.cursor == 0 && !result.more, "nothing pulled")

            // The settings page says which version of the settings it shows, for changes kept offline.
            let dark = SyncChange(
                id: UUID(), kind: .settings, recordID: UUID(), operation: .upsert,
                fields: .object(["display": .object(["theme": .string("dark")])]), madeAt: Self.evening)
            let settingsVersion = try #require(try await device.sync([dark]).results[0].version)
            let settings = try await browser.get("/profile/settings")
            #expect(settings.text.contains(#"data-autosave data-sync-version="\#(settingsVersion)""#))
        }
    }

    @Test func anotherPersonsRecordsCanBeNeitherReachedNorPulled() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            let ann = try await SyncDevice.signedUp(browser)
            let record = UUID()
            #expect(try await ann.sync([Self.mood(record, mood: 3, note: "Ann's")]).results[0].status == .applied)

            let bob = try await SyncDevice.signedUp(browser.fresh(), email: "bob@example.com")
            // Ann's record ID answers Bob exactly as an ID nobody has: it tells him nothing.
            let takeover = try await bob.sync([Self.mood(record, mood: 1, note: "Bob's")])
            let deletion = try await bob.sync([Self.delete(.moodCheckIn, record, base: nil)])
            let nobodys = try await bob.sync([Self.delete(.moodCheckIn, UUID(), base: nil)])
            for answer in [takeover, deletion, nobodys] {
                #expect(answer.results[0].status == .rejected)
                #expect(answer.results[0].field == "recordID")
                #expect(answer.results[0].message == "You have no record with this ID. To create a new record, give it a new ID.")
            }
            #expect(try await bob.pullAll().allSatisfy { $0.recordID != record })

            let annRecord = try #require(try await ann.pullAll().first { $0.recordID == record })
            #expect(!annRecord.deleted)
            #expect(annRecord.fields?.object?["note"] == .string("Ann's"))
        }
    }

    @Test func pullsComePageByPageWithTheNewestStateOfEachRecordOnce() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            let device = try await SyncDevice.signedUp(browser)
            let ids = (0..<7).map { _ in UUID() }
            let created = try await device.sync(ids.map { Self.mood($0, mood: 3) })
            let edited = try await device.sync([Self.mood(ids[0], mood: 5, base: created.results[0].version)])
            #expect(edited.results[0].status == .applied)

            // Written through the web form and by a sample upload: logged as well.
            try await browser.get("/pillars/wellbeing/mood")
            let form = try await browser.post("/pillars/wellbeing/mood", form: [("mood", "2"), ("time", "09:00")])
            #expect(form.status == .seeOther, "\(form.text)")
            let upload = try await browser.json(
                .post, "/api/v1/samples",
                #"{"quantitySamples":[{"type":"HKQuantityTypeIdentifierStepCount","value":1200,"unit":"count","start":"2026-11-22T10:00:00Z","end":"2026-11-22T10:30:00Z","source":{"name":"Watch","kind":"device"},"syncIdentifier":"steps-1"}]}"#,
                bearer: device.token)
            #expect(upload.status == .ok, "\(upload.text)")

            let all = try await device.pullAll(limit: 3)
            let moods = all.filter { $0.kind == .moodCheckIn }
            #expect(moods.count == 8, "seven by sync, one by the form")
            #expect(Set(moods.compactMap(\.recordID)).count == 8, "each once")
            #expect(moods.first { $0.recordID == ids[0] }?.fields?.object?["mood"] == .number(5), "the newest state")
            #expect(all.map(\.version) == all.map(\.version).sorted(), "in order")
            let batch = try #require(all.first { $0.kind == .samples })
            #expect(batch.fields?.object?["types"] == .array([.string("StepCount")]))
            #expect(batch.fields?.object?["count"] == .number(1))
        }
    }

    @Test func theLastPageCarriesTheLastSevenDaysToShowOffline() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            let device = try await SyncDevice.signedUp(browser)
            try await device.sync([Self.mood(UUID(), mood: 4), Self.mood(UUID(), mood: 2)])
            let paged = try await device.sync(cursor: 0, limit: 1, snapshot: true)
            #expect(paged.more && paged.snapshot == nil, "not before the last page")

            let last = try await device.sync(cursor: paged.cursor, snapshot: true)
            let snapshot = try #require(last.snapshot)
            #expect(snapshot.generatedAt == Self.evening)
            #expect(snapshot.days.map(\.date) == (16...22).map { "2026-11-\($0)" }, "oldest first, today last")
            func mood(_ day: OfflineSnapshot.Day?) -> JSONValue? {
                day?.figures.first { $0.object?["kind"] == .string("mood") }?.object?["value"]
            }
            #expect(mood(snapshot.days.last) == .string("3/5"), "today's two check-ins, 4 and 2, on average")
            #expect(mood(snapshot.days.first) == .string("–"), "a day with none")
            #expect(snapshot.dashboard.object?["mode"] == .string("deep"))
            guard case .array(let scores)? = snapshot.dashboard.object?["scores"] else {
                Issue.record("the dashboard has its scores")
                return
            }
            #expect(scores.count == 3, "the three pillars with their week")
            #expect(try await device.sync(cursor: last.cursor).snapshot == nil, "only when asked for")
        }
    }

    @Test func anEntryStoredOtherwiseThanSentComesBackAsStored() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            let device = try await SyncDevice.signedUp(browser)
            let water = SyncChange(
                id: UUID(), kind: .water, recordID: UUID(), operation: .upsert, baseVersion: nil,
                fields: .object(["drankAt": .string("2026-11-22T09:00:00Z"), "millilitres": .number(250.04)]),
                madeAt: Self.evening)
            let answer = try await device.sync([water])
            #expect(answer.results[0].status == .applied)
            #expect(answer.results[0].server?.fields?.object?["millilitres"] == .number(250), "kept to a tenth of a millilitre")
            #expect(answer.results[0].server?.version == answer.results[0].version)
        }
    }
}
