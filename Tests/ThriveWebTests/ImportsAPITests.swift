import Foundation
import HTTPTypes
import NIOCore
import Testing
import ThriveCore
import ThriveStore
import ThriveTestSupport
import ThriveWeb

/// Uploading an Apple Health export through the API: the file lands on disk, the job imports it,
/// the person follows it and is told how it ended; bad files are refused with words to act on,
/// leaving neither a record nor a file behind.
@Suite("Importing an Apple Health export through the API")
struct ImportsAPITests {
    struct Status: Decodable {
        struct Failure: Decodable {
            let code: String
            let message: String
            let line: Int?
        }
        struct Summary: Decodable {
            let read: [String: Int]
            let sources: [String]
        }
        let id: String
        let fileName: String
        let fileBytes: Int
        let state: String
        let stateName: String
        let recordsStored: Int
        let added: Int?
        let fraction: Double?
        let summary: Summary?
        let failure: Failure?
        let notes: [String]
        let message: String
    }

    static func export(days: Int = 20) throws -> (data: Data, expected: [String: Int]) {
        var writer = AppleHealthExportWriter(days: days, heartRatePerDay: 96)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID()).zip")
        defer { try? FileManager.default.removeItem(at: url) }
        try writer.zip(to: url)
        return (try Data(contentsOf: url), writer.expected)
    }

    static func upload(
        _ browser: Browser, _ data: Data, token: String, type: String = "application/zip", name: String = "export.zip"
    ) async throws -> Reply {
        try await browser.send(
            "/api/v1/imports/apple-health?name=\(name)", method: .post,
            headers: [.authorization: "Bearer \(token)", .contentType: type], body: ByteBuffer(bytes: data))
    }

    static func jobs(_ app: TestApp) -> BackgroundJobs {
        BackgroundJobs(
            store: app.store, now: app.clock.source, files: PersonFiles(app.configuration), logger: app.logs.logger())
    }

    static func uploadsWaiting(_ app: TestApp) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: app.configuration.importFolder.path)) ?? []
    }

    @Test func anUploadedExportIsImportedInTheBackgroundOnceAndTheCenterSaysWhatCameIn() async throws {
        let app = try await TestApp.make()
        let (data, expected) = try Self.export()
        let total = expected.values.reduce(0, +)
        try await app.test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            let sent = try await Self.upload(browser, data, token: token, name: "my%20export.zip")
            #expect(sent.status == .accepted, "\(sent.text)")
            let waiting = try sent.decode(Status.self)
            #expect(waiting.state == "waiting" && waiting.fileName == "my export.zip" && waiting.fileBytes == data.count)
            #expect(waiting.message == "Uploaded; the import starts in a moment.")
            #expect(sent.location == "/api/v1/imports/\(waiting.id)")
            #expect(Self.uploadsWaiting(app).count == 1, "the file waits on disk")

            #expect(try await Self.jobs(app).runDue() >= 1)
            let done = try await browser.json(.get, "/api/v1/imports/\(waiting.id)", bearer: token).decode(Status.self)
            #expect(done.state == "done" && done.stateName == "Done" && done.fraction == 1)
            #expect(done.added == total && done.recordsStored == total)
            #expect(done.summary?.read == expected)
            #expect(done.notes == ["export_cda.xml was left out: export.xml holds the same data."])
            let sources = try #require(done.summary?.sources.sorted())
            #expect(sources == ["Alex’s Apple Watch", "Alex’s iPhone", "Breathe", "Health"])
            #expect(
                done.message
                    == ("Imported \(total.formatted(.number.locale(Locale(identifier: "en")))) new records from Alex’s Apple Watch, Alex’s iPhone, Breathe and Health, 2025.")
            )
            #expect(Self.uploadsWaiting(app).isEmpty, "the file is deleted once imported")
            let stored = try await app.store.read { repositories in
                try await repositories.records(of: try #require(try await repositories.accounts.all().first?.id)).summary()
            }
            #expect(stored.total.count == total)

            // The center has one notification saying the same; the person can open it to the page.
            let center = try await browser.json(.get, "/api/v1/mobile/notifications/history", bearer: token)
            #expect(center.text.contains("Your Apple Health import is done"), "\(center.text)")
            #expect(center.text.contains("/profile/data/import#import-\(waiting.id)"))

            // The same file again adds nothing, and says so.
            let again = try await Self.upload(browser, data, token: token).decode(Status.self)
            try await Self.jobs(app).runDue()
            let second = try await browser.json(.get, "/api/v1/imports/\(again.id)", bearer: token).decode(Status.self)
            #expect(second.state == "done" && second.added == 0 && second.recordsStored == total)
            #expect(second.message.hasPrefix("Imported 0 new records from "))
            let listed = try await browser.json(.get, "/api/v1/imports", bearer: token)
            #expect(listed.text.components(separatedBy: "\"state\":\"done\"").count == 3, "two imports, both done")
        }
    }

    @Test func aFileThatIsNotAnExportIsRefusedAndLeavesNothing() async throws {
        let app = try await TestApp.make { $0.importLimitBytes = 1_048_576 }
        try await app.test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 100))
            let picture = try await Self.upload(browser, png, token: token, type: "application/octet-stream")
            #expect(picture.status == .unsupportedMediaType)
            #expect(
                picture.error?.message
                    == "This is neither an Apple Health export nor a Thrive export. Upload export.zip from the Health app (or the export.xml inside it), or the ZIP a Thrive server made."
            )
            let json = try await Self.upload(browser, Data("{}".utf8), token: token, type: "application/json")
            #expect(json.status == .unsupportedMediaType)
            let empty = try await Self.upload(browser, Data(), token: token)
            #expect(empty.status == .badRequest && empty.error?.code == "empty_file")
            // Over the limit, whether the size is announced or only found while reading.
            let big = Data(repeating: UInt8(ascii: "<"), count: 1_048_577)
            let tooLarge = try await Self.upload(browser, big, token: token, type: "application/xml")
            #expect(tooLarge.status == .contentTooLarge, "\(tooLarge.text)")
            #expect(tooLarge.error?.message == "The file is larger than this server takes (1 MB).")
            let form = try await browser.send(
                "/api/v1/imports/apple-health", method: .post,
                headers: [.authorization: "Bearer \(token)", .contentType: "multipart/form-data; boundary=XyZ"],
                body: ByteBuffer(string: "--XyZ\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n--XyZ--\r\n"))
            #expect(
                form.status == .badRequest && form.error?.message == "The form held no file. Choose export.zip and send it again."
            )
            #expect(Self.uploadsWaiting(app).isEmpty)
            let listed = try await browser.json(.get, "/api/v1/imports", bearer: token)
            #expect(listed.text == #"{"imports":[]}"#)
        }
    }

    @Test func aFormUploadWorksLikeARawOne() async throws {
        let app = try await TestApp.make()
        let (data, expected) = try Self.export(days: 3)
        try await app.test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            var body = ByteBuffer(string: "--B0undaryAbC\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\nx\r\n")
            body.writeString(
                "--B0undaryAbC\r\nContent-Disposition: form-data; name=\"file\"; filename=\"export.zip\"\r\n"
                    + "Content-Type: application/zip\r\n\r\n")
            body.writeBytes(data)
            body.writeString("\r\n--B0undaryAbC--\r\n")
            let sent = try await browser.send(
                "/api/v1/imports/apple-health", method: .post,
                headers: [.authorization: "Bearer \(token)", .contentType: "multipart/form-data; boundary=B0undaryAbC"],
                body: body)
            #expect(sent.status == .accepted, "\(sent.text)")
            let item = try sent.decode(Status.self)
            #expect(item.fileBytes == data.count, "exactly the file's bytes, not the form around them")
            try await Self.jobs(app).runDue()
            let done = try await browser.json(.get, "/api/v1/imports/\(item.id)", bearer: token).decode(Status.self)
            #expect(done.state == "done" && done.summary?.read == expected)
        }
    }

    @Test(arguments: [
        ("entities", "The file declares XML entities, which an Apple Health export never does. Nothing was imported."),
        ("cutZip", "The ZIP is damaged or cut short. Nothing was imported; export again from the Health app."),
        (
            "cutXML",
            "The export is cut short or damaged at line 3. What came before was imported; export again from the Health app and import the new file to finish."
        ),
    ])
    func aBrokenExportStopsWithAReasonAndImportsNothingHalfWay(_ kind: String, _ message: String) async throws {
        let app = try await TestApp.make()
        let (zip, _) = try Self.export(days: 2)
        let file: Data
        switch kind {
        case "entities":
            file = Data(
                #"<?xml version="1.0"?><!DOCTYPE HealthData [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><HealthData>&lol2;</HealthData>"#
                    .utf8)
        case "cutZip": file = zip.prefix(zip.count / 2)
        default:
            file = Data(
                "<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n<Record type=\"HKQuantityTypeIdentifierStepCount\" <<\n"
                    .utf8)
        }
        try await app.test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            let sent = try await Self.upload(
                browser, file, token: token, type: kind == "cutZip" ? "application/zip" : "application/xml")
            #expect(sent.status == .accepted, "\(sent.text)")
            let id = try sent.decode(Status.self).id
            try await Self.jobs(app).runDue()
            let ended = try await browser.json(.get, "/api/v1/imports/\(id)", bearer: token).decode(Status.self)
            #expect(ended.state == "failed" && ended.stateName == "Stopped")
            #expect(ended.failure?.message == message && ended.message == message)
            #expect(ended.recordsStored == 0)
            #expect(Self.uploadsWaiting(app).isEmpty)
            let center = try await browser.json(.get, "/api/v1/mobile/notifications/history", bearer: token)
            #expect(center.text.contains("Your Apple Health import stopped"))
            // The job is done: running the jobs again does not try the broken file again.
            #expect(try await Self.jobs(app).runDue() == 0)
        }
    }

    @Test func nobodySeesAnotherPersonsImportsAndAnImportNeedsConsent() async throws {
        let app = try await TestApp.make()
        let (data, _) = try Self.export(days: 1)
        try await app.test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            let id = try await Self.upload(browser, data, token: token).decode(Status.self).id
            let other = browser.fresh()
            try await other.signUp(email: "bo@example.com")
            let otherToken = try await other.apiLogin(email: "bo@example.com").accessToken
            #expect(try await other.json(.get, "/api/v1/imports/\(id)", bearer: otherToken).status == .notFound)
            #expect(try await other.json(.get, "/api/v1/imports", bearer: otherToken).text == #"{"imports":[]}"#)
            #expect(try await other.json(.get, "/api/v1/imports/nope", bearer: otherToken).status == .notFound)
            // Someone who has not accepted the terms uploads nothing.
            let newcomer = browser.fresh()
            try await newcomer.signUp(email: "cy@example.com", onboard: false)
            let newToken = try await newcomer.apiLogin(email: "cy@example.com").accessToken
            #expect(try await Self.upload(newcomer, data, token: newToken).status == .forbidden)
            #expect(Self.uploadsWaiting(app).count == 1)
        }
    }
}
