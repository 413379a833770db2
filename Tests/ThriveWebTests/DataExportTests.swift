import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveTestSupport
import ZIPFoundation

@testable import ThriveWeb

/// Taking everything out (spec 000 F4.6): asked for in the app or the API, built as a job, a ZIP of
/// JSON, CSV and a FHIR bundle that holds all of the person's records and nothing of anyone else's,
/// downloadable by its owner alone for seven days.
@Suite("Exporting everything a person keeps")
struct DataExportTests {
    struct Status: Decodable {
        let id: String
        let state: String
        let records: Int?
        let bytes: Int?
        let expiresAt: Date?
        let downloadURL: String?
        let statusURL: String
    }

    static func jobs(_ app: TestApp) -> BackgroundJobs {
        BackgroundJobs(
            store: app.store, now: app.clock.source, files: PersonFiles(app.configuration), logger: app.logs.logger())
    }

    /// Bob, with a reading no export of anyone else may hold.
    static let bobsReading =
        #"{"quantitySamples":[{"type":"HKQuantityTypeIdentifierBodyMass","value":83.25,"start":"2026-11-20T07:00:00Z","source":{"name":"Bobs Scale"},"syncIdentifier":"bob-only-1"}]}"#

    static func count(_ table: PersonalTable, of owner: UserID, _ store: Store) async throws -> Int {
        try await store.database.read { sql in
            try await sql.raw(
                "SELECT COUNT(*) AS n FROM \(ident: table.name) WHERE \(ident: table.ownerColumn) = \(bind: owner.rawValue)"
            ).first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }

    static func entries(_ zip: [UInt8]) throws -> [String: Data] {
        let archive = try Archive(data: Data(zip), accessMode: .read)
        var files: [String: Data] = [:]
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            files[entry.path] = data
        }
        return files
    }

    @Test func everyTableThatNamesAPersonIsExportedOrSaysWhyNot() async throws {
        let app = try await TestApp.make()
        do {
            let tables = Set(try await AccountDeletionTests.personColumns(app.store).map(\.table)).union(["users"])
            let exported = Set(PersonalTables.exported.map(\.name))
            let explained = Set(PersonalTables.notExported.keys)
            #expect(exported.isDisjoint(with: explained))
            #expect(tables.subtracting(exported).subtracting(explained).isEmpty, "say whether these go in an export")
            #expect(exported.union(explained).subtracting(tables).isEmpty, "tables that no longer exist")
        } catch {
            await app.cleanup()
            throw error
        }
        await app.cleanup()
    }

    @Test func theDemoPersonTakesEverythingOutAndNothingOfAnyoneElse() async throws {
        let app = try await TestApp.make()
        let seeder = DemoSeeder(store: app.store, hasher: TestApp.hasher, now: app.clock.source, ids: .random)
        let demo = try await seeder.ensure(refresh: true, timeZone: TimeZone(identifier: "Europe/Berlin")!).account
        try await app.test { browser in
            let bob = browser.fresh()
            try await bob.signUp(email: "bob@example.com")
            let bobToken = try await bob.apiLogin(email: "bob@example.com").accessToken
            #expect(try await bob.json(.post, "/api/v1/samples", Self.bobsReading, bearer: bobToken).status == .ok)

            let token = try await browser.apiLogin(email: DemoPerson.email.value, password: DemoPerson.password).accessToken
            let asked = try await browser.json(.post, "/api/v1/mobile/export/request", bearer: token)
            #expect(asked.status == .accepted, "\(asked.text)")
            let waiting = try asked.decode(Status.self)
            #expect(waiting.state == "waiting" && waiting.downloadURL == nil)
            #expect(asked.location == "/api/v1/mobile/export/status/\(waiting.id)")
            let again = try await browser.json(.post, "/api/v1/mobile/export/request", bearer: token).decode(Status.self)
            #expect(again.id == waiting.id, "asking twice builds one")
            let early = try await browser.json(.get, "/api/v1/mobile/export/download/\(waiting.id)", bearer: token)
            #expect(early.status == .conflict && early.error?.code == "export_not_ready")

            #expect(try await Self.jobs(app).runDue() >= 1)
            // What is stored, but for the export's own "ready" notification, posted after it was made.
            var stored: [String: Int] = [:]
            for table in PersonalTables.exported { stored[table.name] = try await Self.count(table, of: demo.id, app.store) }
            stored["notifications", default: 0] -= 1
            let ready = try await browser.json(.get, waiting.statusURL, bearer: token).decode(Status.self)
            #expect(ready.state == "ready", "\(app.logs.text.suffix(2_000))")
            #expect(ready.expiresAt == app.clock.now + 7 * 86_400)
            let download = try await browser.json(.get, try #require(ready.downloadURL), bearer: token)
            #expect(download.status == .ok)
            #expect(download.headers[.contentType] == "application/zip")
            #expect(download.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"thrive-export-20") == true)
            #expect(download.headers[.cacheControl] == "no-store")
            #expect(download.bytes.count == ready.bytes)

            let files = try Self.entries(download.bytes)
            for table in PersonalTables.exported {
                let rows =
                    try JSONSerialization.jsonObject(with: try #require(files["data/\(table.name).json"])) as? [[String: Any]]
                #expect(rows?.count == stored[table.name], "every row of \(table.name)")
                #expect(rows?.allSatisfy { Set($0.keys) == Set(table.columns.map(\.name)) } ?? false)
                let csv = String(decoding: try #require(files["csv/\(table.name).csv"]), as: UTF8.self)
                #expect(csv.hasPrefix(table.columns.map(\.name).joined(separator: ",") + "\r\n"))
            }
            let total = stored.values.reduce(0, +)
            #expect(ready.records == total)
            #expect(total > 10_000, "a year of the demo person")

            // Values a person and a spreadsheet can read: times in UTC, documents as JSON, samples in CSV.
            let samples = try JSONSerialization.jsonObject(with: files["data/quantity_samples.json"]!) as! [[String: Any]]
            let first = samples[0]
            #expect((first["start_at"] as? String)?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil)
            #expect(first["value"] is NSNumber && first["id"] is String)
            let documents = try JSONSerialization.jsonObject(with: files["data/person_documents.json"]!) as! [[String: Any]]
            #expect(documents.contains { $0["kind"] as? String == "plan-preferences" && $0["body"] is [String: Any] })
            let sampleLines = String(decoding: files["csv/quantity_samples.csv"]!, as: UTF8.self).split(separator: "\r\n")
            #expect(sampleLines.count == samples.count + 1)
            let readme = String(decoding: try #require(files["README.md"]), as: UTF8.self)
            #expect(readme.contains("| `quantity_samples` | \(samples.count) |"))
            #expect(readme.contains("`passkeys`: passkey public keys"), "what is left out, and why")

            // Nothing of Bob's, and no secret of the demo person's.
            let everything = files.values.map { String(decoding: $0, as: UTF8.self) }.joined()
            #expect(!everything.contains("Bobs Scale") && !everything.contains("bob-only-1") && !everything.contains("bob@"))
            #expect(!everything.contains("$2b$"), "no password hash")

            // The vital signs as FHIR, read by a third-party validator.
            let bundleFile = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID()).json")
            try files["fhir/observations.json"]!.write(to: bundleFile)
            defer { try? FileManager.default.removeItem(at: bundleFile) }
            let resources = try FHIRValidator.validateBundle(bundleFile)
            let vitals = samples.filter { ($0["type"] as? String).flatMap(Self.vitalType) != nil }
            #expect(resources == ["Patient": 1, "Observation": vitals.count], "\(resources)")
            #expect(vitals.count > 1_000)
            let bundle = try JSONSerialization.jsonObject(with: files["fhir/observations.json"]!) as! [String: Any]
            let observations = (bundle["entry"] as! [[String: Any]]).compactMap { $0["resource"] as? [String: Any] }
            let heartRate = try #require(observations.first { Self.loinc($0) == "8867-4" })
            #expect((heartRate["valueQuantity"] as? [String: Any])?["code"] as? String == "/min")
            let oxygen = observations.filter { Self.loinc($0) == "2708-6" }.compactMap {
                ($0["valueQuantity"] as? [String: Any])?["value"] as? Double
            }
            #expect(!oxygen.isEmpty && oxygen.allSatisfy { (80...100).contains($0) }, "a percentage, not a fraction")

            // The center says it is ready, linking to the page.
            let told = try await app.store.read {
                try await $0.records(of: demo.id).notifications.contains(key: "export:\(ready.id)")
            }
            #expect(told)
            let center = try await app.store.read {
                try await $0.records(of: demo.id).notifications.list(since: .distantPast, before: nil, limit: 50)
            }
            #expect(center?.first { $0.kind == .dataExport }?.link == "/profile/data/export#export-\(ready.id)")
        }
    }

    static func vitalType(_ stored: String) -> VitalSign? {
        QuantityType.allCases.first { $0.shortName == stored }.flatMap(VitalSign.of)
    }

    static func loinc(_ observation: [String: Any]) -> String? {
        (((observation["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first)?["code"] as? String
    }

    @Test func onlyItsOwnerDownloadsItAndOnlyForSevenDays() async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            let item = try await browser.json(.post, "/api/v1/mobile/export/request", bearer: token).decode(Status.self)
            _ = try await Self.jobs(app).runDue()
            let path = "/api/v1/mobile/export/download/\(item.id)"
            #expect(try await browser.json(.get, path, bearer: token).status == .ok)

            let eve = browser.fresh()
            try await eve.signUp(email: "eve@example.com")
            let eveToken = try await eve.apiLogin(email: "eve@example.com").accessToken
            let stolen = try await eve.json(.get, path, bearer: eveToken)
            #expect(stolen.status == .notFound && stolen.error?.message == "No such export.")
            #expect(try await eve.json(.get, "/api/v1/mobile/export/status/\(item.id)", bearer: eveToken).status == .notFound)
            let evePage = try await eve.get("/profile/data/export/\(item.id)/download")
            #expect(evePage.status == .seeOther && evePage.location == "/?notice=unavailable", "not theirs: no file")
            #expect(try await browser.fresh().json(.get, path).status == .unauthorized)

            // The seventh day's last second it is there; then it is gone, and the job deletes the file.
            app.clock.advance(seconds: 7 * 86_400 - 1)
            let weekLater = try await browser.apiLogin().accessToken
            #expect(try await browser.json(.get, path, bearer: weekLater).status == .ok)
            app.clock.advance(seconds: 1)
            let late = try await browser.json(.get, path, bearer: weekLater)
            #expect(late.status == .gone && late.error?.code == "export_expired")
            #expect(late.error?.message == "Its 7 days are over and the file was deleted. Prepare a new one.")
            _ = try await Self.jobs(app).runDue()
            let zips = try FileManager.default.contentsOfDirectory(atPath: app.configuration.exportFolder.path)
            #expect(zips.isEmpty, "the file is deleted: \(zips)")
            let status = try await browser.json(.get, "/api/v1/mobile/export/status/\(item.id)", bearer: weekLater)
            #expect(try status.decode(Status.self).state == "expired")
            let page = try await browser.get("/profile/data/export")
            #expect(page.text.contains("Expired") && !page.text.contains("/download\""))
            #expect(try await browser.get("/profile/data/export/\(item.id)/download").location == "/profile/data/export")
        }
    }

    @Test func thePageAsksPreparesAndOffersTheDownload() async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            try await browser.signUp()
            let data = try await browser.get("/profile/data")
            #expect(data.text.contains(#"href="/profile/data/export""#))
            let empty = try await browser.get("/profile/data/export")
            #expect(empty.text.contains("You have not exported your data yet."))
            #expect(empty.text.contains("Prepare my export"))

            let asked = try await browser.post("/profile/data/export", form: [])
            #expect(asked.status == .seeOther || asked.status == .found)
            let waiting = try await browser.get("/profile/data/export")
            #expect(waiting.text.contains("Being prepared…") && waiting.text.contains("data-running="))
            #expect(!waiting.text.contains("Prepare my export"), "one at a time")
            #expect(try await browser.post("/profile/data/export", form: [], withToken: false).status == .forbidden)

            _ = try await Self.jobs(app).runDue()
            let ready = try await browser.get("/profile/data/export")
            #expect(ready.text.contains("Ready"))
            #expect(ready.text.contains("You can download it until"))
            let link = try #require(ready.text.firstMatch(of: /href="(\/profile\/data\/export\/[0-9a-f-]+\/download)"/)?.1)
            let zip = try await browser.get(String(link))
            #expect(zip.status == .ok && zip.bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]), "a ZIP")
        }
    }
}
