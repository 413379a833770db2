import Foundation
import HTTPTypes
import NIOCore
import Testing
import ThriveCore
import ThriveStore

/// A spreadsheet of readings brought in, through the API and through the pages without scripts:
/// shown before it is stored, refused whole while a row cannot be read (unless the person leaves
/// such rows out), stored in one go, and adding nothing the second time.
@Suite("Importing a CSV file")
struct CSVImportTests {
    static let file = """
        Date,Type,Value,Unit
        2026-05-04T07:30:00+02:00,weight,154.3,lb
        2026-05-05T07:31:00+02:00,weight,153.9,lb
        2026-05-05 08:00,pulse,61,bpm
        2026-05-06,weight,heavy,lb
        """

    static func body(preview: Bool = false, skip: Bool? = nil) throws -> String {
        var fields: [String: Any] = ["csv": file, "fileName": "scale.csv", "preview": preview]
        if let skip { fields["skipProblems"] = skip }
        return String(decoding: try JSONSerialization.data(withJSONObject: fields), as: UTF8.self)
    }

    static func quantityCount(_ app: TestApp) async throws -> Int {
        try await app.store.read { repositories in
            let owner = try #require(try await repositories.accounts.all().first?.id)
            return try await repositories.records(of: owner).quantitySamples.spans().values.reduce(0) { $0 + $1.count }
        }
    }

    @Test func theAPIShowsThenStoresTheRowsOnceAndNamesTheOnesItCannotRead() async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            try await browser.signUp(timeZone: "Europe/Berlin")
            let token = try await browser.apiLogin().accessToken
            let preview = try await browser.json(.post, "/api/v1/imports/csv", try Self.body(preview: true), bearer: token)
            #expect(preview.status == .ok, "\(preview.text)")
            #expect(preview.text.contains(#""ready":3"#))
            #expect(preview.text.contains(#""mapping":{"start":0,"typeColumn":1,"unitColumn":3,"value":2}"#), "\(preview.text)")
            #expect(preview.text.contains("Line 5: “heavy” is not a number."))
            #expect(try await Self.quantityCount(app) == 0, "a preview stores nothing")

            let refused = try await browser.json(.post, "/api/v1/imports/csv", try Self.body(), bearer: token)
            #expect(refused.status == .unprocessableContent)
            #expect(
                refused.error?.message
                    == "1 row cannot be read, so nothing was imported: Line 5: “heavy” is not a number. Correct the file, or choose to leave such rows out."
            )
            #expect(try await Self.quantityCount(app) == 0)

            let stored = try await browser.json(.post, "/api/v1/imports/csv", try Self.body(skip: true), bearer: token)
            #expect(stored.status == .ok, "\(stored.text)")
            #expect(stored.text.contains(#""added":3"#) && stored.text.contains(#""state":"done""#))
            #expect(stored.text.contains("Imported 3 new records from scale, 2026."), "\(stored.text)")
            #expect(try await Self.quantityCount(app) == 3)
            let again = try await browser.json(.post, "/api/v1/imports/csv", try Self.body(skip: true), bearer: token)
            #expect(again.text.contains(#""added":0"#), "the same rows are the same records")
            #expect(try await Self.quantityCount(app) == 3)
            let weights = try await browser.json(.get, "/api/v1/samples?type=HKQuantityTypeIdentifierBodyMass", bearer: token)
            #expect(weights.text.contains(#""source":{"kind":"app","name":"scale"}"#) && weights.text.contains("69.98"))

            let nothing = try await browser.json(.post, "/api/v1/imports/csv", #"{"csv":"Date,Value\n"}"#, bearer: token)
            #expect(nothing.status == .badRequest && nothing.error?.message == "The file has no rows under its header.")
            let unknown = try await browser.json(
                .post, "/api/v1/imports/csv", #"{"csv":"Name,Email\nAnn,a@b.c\n"}"#, bearer: token)
            #expect(unknown.status == .unprocessableContent && unknown.error?.field == "mapping")
        }
    }

    @Test func thePagesTakeAFileShowItsRowsAndImportThemWithoutScripts() async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            try await browser.signUp(timeZone: "Europe/Berlin")
            let page = try await browser.get("/profile/data/import/csv")
            #expect(page.status == .ok && page.text.contains("From a spreadsheet (CSV)"))
            // The limit in words a person reads (it once said "0 MB").
            #expect(page.text.contains("A .csv file of up to 512 KB, commas or semicolons between columns."))
            let token = try #require(page.formToken)
            var form = ByteBuffer(
                string: "--F0rmWebKitB0undary\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(token)\r\n")
            form.writeString(
                "--F0rmWebKitB0undary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"scale.csv\"\r\nContent-Type: text/csv\r\n\r\n"
                    + Self.file + "\r\n--F0rmWebKitB0undary--\r\n")
            let mapped = try await browser.send(
                "/profile/data/import/csv", method: .post,
                headers: [.contentType: "multipart/form-data; boundary=F0rmWebKitB0undary"],
                body: form)
            #expect(mapped.status == .ok, "\(mapped.text.prefix(500))")
            #expect(mapped.text.contains("3 rows are ready to import; 1 cannot be read."))
            #expect(mapped.text.contains("Line 5: “heavy” is not a number."))
            #expect(mapped.text.contains("<option value=\"column:1\" selected>Named in the column “Type”</option>"))
            #expect(mapped.text.contains("69.99 kg"), "154.3 lb shown in kg")
            #expect(try await Self.quantityCount(app) == 0)

            let fields: [(String, String)] = [
                ("csv", Self.file), ("fileName", "scale.csv"), ("start", "0"), ("end", ""), ("value", "2"), ("type", "column:1"),
                ("unit", "column:3"),
            ]
            let refused = try await browser.post("/profile/data/import/csv/rows", form: fields + [("action", "import")])
            #expect(refused.status == .ok && refused.text.contains("1 row cannot be read, so nothing was imported"))
            let done = try await browser.post(
                "/profile/data/import/csv/rows", form: fields + [("action", "import"), ("skipProblems", "yes")])
            #expect(done.status == .seeOther && done.location?.hasPrefix("/profile/data/import#import-") == true)
            let list = try await browser.get("/profile/data/import")
            #expect(list.text.contains("Imported 3 new records from scale, 2026."))
            #expect(try await Self.quantityCount(app) == 3)

            // A form that left out its token is refused, file and all.
            let forged = try await browser.fresh().send(
                "/profile/data/import/csv", method: .post,
                headers: [.contentType: "multipart/form-data; boundary=F0rmWebKitB0undary"],
                body: ByteBuffer(
                    string:
                        "--F0rmWebKitB0undary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n\r\nx\r\n--F0rmWebKitB0undary--\r\n"
                ))
            #expect(forged.status == .forbidden)
        }
    }
}
