import Foundation
import HTTPTypes
import NIOCore
import Testing
import ThriveCore
import ThriveStore
import ThriveTestSupport
import ZIPFoundation

@testable import ThriveWeb

/// Moving to another Thrive server (spec 000 F4.6): a person's export, uploaded into a new
/// account, brings everything across; exported again, it holds the same records. A damaged or
/// newer file, or an account that has records already, changes nothing and says why.
@Suite("Importing a Thrive export")
struct ThriveExportImportTests {
    static func upload(_ browser: Browser, _ data: Data, token: String) async throws -> Reply {
        try await browser.send(
            "/api/v1/imports?name=thrive-export.zip", method: .post,
            headers: [.authorization: "Bearer \(token)", .contentType: "application/zip"], body: ByteBuffer(bytes: data))
    }

    /// The person's export, asked for, built by the job runner and downloaded.
    static func export(_ browser: Browser, token: String, app: TestApp) async throws -> Data {
        let asked = try await browser.json(.post, "/api/v1/mobile/export/request", bearer: token)
        let id = try asked.decode(DataExportTests.Status.self).id
        #expect(try await ImportsAPITests.jobs(app).runDue() >= 1)
        let ready = try await browser.json(.get, "/api/v1/mobile/export/status/\(id)", bearer: token)
            .decode(DataExportTests.Status.self)
        let download = try await browser.json(.get, try #require(ready.downloadURL), bearer: token)
        #expect(download.status == .ok)
        return Data(download.bytes)
    }

    /// Each table's rows without what an import gives anew (ids and the references to them, the
    /// order number of a conversation), sorted.
    static func content(_ zip: Data) throws -> [String: [String]] {
        let changed: Set<String> = ["id", "workout_id", "habit_id", "attachment_id", "seq"]
        var tables: [String: [String]] = [:]
        for (path, data) in try DataExportTests.entries(Array(zip)) where path.hasPrefix("data/") {
            let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            tables[String(path.dropFirst(5).dropLast(5))] = try rows.map { row in
                String(
                    decoding: try JSONSerialization.data(
                        withJSONObject: row.filter { !changed.contains($0.key) }, options: [.sortedKeys]), as: UTF8.self)
            }.sorted()
        }
        return tables
    }

    /// `zip` with one file's bytes changed.
    static func changing(_ zip: Data, _ path: String, _ change: (String) -> String) throws -> Data {
        var files = try DataExportTests.entries(Array(zip))
        files[path] = Data(change(String(decoding: try #require(files[path]), as: UTF8.self)).utf8)
        let archive = try Archive(accessMode: .create)
        for (name, data) in files.sorted(by: { $0.key < $1.key }) {
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
        }
        return try #require(archive.data)
    }

    @Test func theDemoPersonMovesToANewAccountAndExportsTheSameRecords() async throws {
        let app = try await TestApp.make()
        let seeder = DemoSeeder(store: app.store, hasher: TestApp.hasher, now: app.clock.source, ids: .random)
        _ = try await seeder.ensure(refresh: true, timeZone: TimeZone(identifier: "Europe/Berlin")!)
        try await app.test { browser in
            let demoToken = try await browser.apiLogin(email: DemoPerson.email.value, password: DemoPerson.password)
                .accessToken
            let first = try await Self.export(browser, token: demoToken, app: app)
            let manifest = try ThriveExportManifest.decode(
                try #require(try DataExportTests.entries(Array(first))["manifest.json"]))
            #expect(manifest.format == "thrive-export" && manifest.version == 1)

            let ann = browser.fresh()
            try await ann.signUp(email: "ann.moves@example.com")
            let token = try await ann.apiLogin(email: "ann.moves@example.com").accessToken
            let page = try await ann.get(ImportPagesController.path)
            #expect(page.text.contains("From another Thrive server") && !page.text.contains("thrive-export-has-records"))

            let sent = try await Self.upload(ann, first, token: token)
            #expect(sent.status == .accepted, "\(sent.text)")
            let waiting = try sent.decode(ImportsAPITests.Status.self)
            #expect(waiting.state == "waiting" && waiting.fileName == "thrive-export.zip")
            #expect(try await ImportsAPITests.jobs(app).runDue() >= 1)
            let done = try await ann.json(.get, "/api/v1/imports/\(waiting.id)", bearer: token).decode(
                ImportsAPITests.Status.self)
            let brought = manifest.tables.filter { !PersonalRestore.leftOut.contains($0.key) }.values.reduce(0, +)
            #expect(done.state == "done", "\(done.message) \(app.logs.text.suffix(2_000))")
            #expect(done.added == brought && brought > 10_000)
            #expect(
                done.message
                    == "Brought in \(brought.formatted(.number.locale(Locale(identifier: "en_US")))) records from your Thrive export."
            )
            #expect(done.summary?.read["quantity_samples"] == manifest.tables["quantity_samples"])
            #expect(ImportsAPITests.uploadsWaiting(app).isEmpty, "the file and its unpacked tables are gone")

            // Everything the demo person keeps, Ann now keeps: her export holds the same records.
            let second = try await Self.export(ann, token: token, app: app)
            let (before, after) = (try Self.content(first), try Self.content(second))
            for table in PersonalTables.exported.map(\.name)
            where !PersonalRestore.leftOut.contains(table)
                && !["notifications", "data_imports", "person_documents"].contains(table)
            {
                #expect(before[table] == after[table], "\(table): \(before[table]?.count ?? 0) → \(after[table]?.count ?? 0)")
            }
            let documents = Set(after["person_documents"] ?? [])
            #expect(Set(before["person_documents"] ?? []).isSubset(of: documents), "her own sign-up's documents may stay")

            // The center says so, and the page lists what came, by kind, in words.
            let center = try await ann.get("/notifications")
            #expect(center.text.contains("Your Thrive export is imported"), "\(center.text.prefix(500))")
            let listed = try await ann.get(ImportPagesController.path)
            #expect(listed.text.contains("Measurements") && listed.text.contains("Workout sets"))
            #expect(listed.text.contains("thrive-export-has-records"), "another export cannot come in now")

            // A second upload into the same account is refused at once, leaving nothing behind.
            let again = try await Self.upload(ann, first, token: token)
            #expect(again.status == .conflict && again.error?.code == "account_not_empty")
            #expect(again.error?.message.hasPrefix("This account already has records") == true)
            #expect(ImportsAPITests.uploadsWaiting(app).isEmpty)
        }
    }

    @Test func whileItRunsItSaysEverythingComesAtOnce() {
        var item = DataImport(
            id: DataImportID(UUID()), source: .thriveExport, fileName: "thrive-export.zip", fileBytes: 1_000,
            createdAt: Date())
        item.state = .importing
        #expect(
            DataImportBody(item, zone: .gmt).message
                == "Importing everything at once; a large export takes a few minutes. You can leave this page.")
    }

    @Test func aDamagedOrNewerExportChangesNothingAndSaysWhy() async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            try await browser.signUp(email: "bob@example.com")
            let bobsToken = try await browser.apiLogin(email: "bob@example.com").accessToken
            let readings = (0..<3).map { index in
                #"{"type":"HKQuantityTypeIdentifierHeartRate","value":\#(60 + index),"start":"2026-11-1\#(index)T07:00:00Z","source":{"name":"Watch"},"syncIdentifier":"hr-\#(index)"}"#
            }
            let posted = try await browser.json(
                .post, "/api/v1/samples", #"{"quantitySamples":[\#(readings.joined(separator: ","))]}"#, bearer: bobsToken)
            #expect(posted.status == .ok, "\(posted.text)")
            let export = try await Self.export(browser, token: bobsToken, app: app)

            let carl = browser.fresh()
            try await carl.signUp(email: "carl@example.com")
            let token = try await carl.apiLogin(email: "carl@example.com").accessToken
            let cases: [(Data, String, String, Int?)] = [
                (
                    try Self.changing(export, "manifest.json") {
                        $0.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 2")
                    },
                    "newerExport", "This export comes from a newer version of Thrive", nil
                ),
                (
                    try Self.changing(export, "data/quantity_samples.json") {
                        $0.replacingOccurrences(of: "\"value\":61", with: "\"value\":\"sixty-one\"")
                    }, "damagedExport", "The export is damaged: a row at line 3 of one of its tables", 3
                ),
                (
                    try Self.changing(export, "data/quantity_samples.json") { String($0.dropLast(3)) },
                    "damagedExport", "The export is damaged", nil
                ),
            ]
            for (file, code, message, line) in cases {
                let sent = try await Self.upload(carl, file, token: token)
                #expect(sent.status == .accepted, "\(sent.text)")
                let id = try sent.decode(ImportsAPITests.Status.self).id
                _ = try await ImportsAPITests.jobs(app).runDue()
                let ended = try await carl.json(.get, "/api/v1/imports/\(id)", bearer: token).decode(ImportsAPITests.Status.self)
                #expect(ended.state == "failed" && ended.failure?.code == code, "\(ended.message)")
                #expect(ended.message.hasPrefix(message), "\(ended.message)")
                if let line { #expect(ended.failure?.line == line) }
                let user = try #require(
                    try await app.store.read { try await $0.accounts.find(email: try EmailAddress("carl@example.com")) })
                #expect(try await app.store.read { try await $0.records(of: user.id).restore.hasRecords() } == false)
            }
            let center = try await carl.get("/notifications")
            #expect(center.text.contains("Your Thrive export could not be imported"))

            // Neither kind of export: refused at the door.
            let other = try Self.changing(export, "README.md") { $0 }
            var files = try DataExportTests.entries(Array(other))
            files["manifest.json"] = nil
            files["data/profiles.json"] = nil
            let archive = try Archive(accessMode: .create)
            for (name, data) in files {
                try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count)) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
            let refused = try await Self.upload(carl, try #require(archive.data), token: token)
            #expect(refused.status == .accepted, "an unknown ZIP is left to the Apple Health reader, which names what it lacks")
            let id = try refused.decode(ImportsAPITests.Status.self).id
            _ = try await ImportsAPITests.jobs(app).runDue()
            let ended = try await carl.json(.get, "/api/v1/imports/\(id)", bearer: token).decode(ImportsAPITests.Status.self)
            #expect(ended.failure?.code == "noExportXML")
        }
    }
}
