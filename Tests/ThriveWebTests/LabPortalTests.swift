import Foundation
import HTTPTypes
import NIOCore
import Testing
import ThriveCore
import ThriveReports
import ThriveStore
import ThriveTestSupport
import ThriveWeb

/// The lab's portal and a kit read from its photo (spec 001), through the router: the lab issues a
/// batch and prints its labels, moves a kit along, and posts a CSV batch that is checked row by row
/// before anything is written; Ann registers a kit from a photo of its label.
@Suite("Lab portal and barcode scanning")
struct LabPortalTests {
    typealias Person = HabitsAPITests.Person

    struct ScanJSON: Decodable {
        let barcodes: [String]
        let kit: String?
    }

    static func label(_ text: String) throws -> [UInt8] { try KitLabelSheet.png(text, heading: "AAT test kit") }

    @Test func aPhotoOfTheLabelIsReadOnTheServer() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let lab = try await LabResultsTests.lab(browser, app: app)
            let kits = try await LabResultsTests.issue(lab, 2)

            var headers: HTTPFields = [.authorization: "Bearer \(ann.token)", .contentType: "image/png"]
            let scanned = try await browser.send(
                "/api/v1/test-kits/scan", method: .post, headers: headers, body: ByteBuffer(bytes: try Self.label(kits[0])))
            #expect(scanned.status == .ok, "\(scanned.text)")
            try ann.check.expectDocumented(scanned, "/api/v1/test-kits/scan", "post")
            let read = try scanned.decode(ScanJSON.self)
            #expect(read.barcodes == [kits[0]] && read.kit == kits[0])
            // Another product's barcode is read but is no kit.
            let other = try await browser.send(
                "/api/v1/test-kits/scan", method: .post, headers: headers, body: ByteBuffer(bytes: try Self.label("ISBN-42")))
            #expect(try other.decode(ScanJSON.self).kit == nil)
            headers[.contentType] = "text/plain"
            let text = try await browser.send(
                "/api/v1/test-kits/scan", method: .post, headers: headers, body: ByteBuffer(string: "FU-KIT-2025110701-2"))
            #expect(text.status == .unsupportedMediaType)
            try ann.check.expectDocumented(text, "/api/v1/test-kits/scan", "post")
            #expect(try await ann.send(.get, "/api/v1/test-kits").text == #"{"kits":[]}"#, "scanning registers nothing")

            // Registering with the photo alone: its barcode is the number.
            let photo = Browser.FormFile(field: "photo", name: "label.png", type: "image/png", bytes: try Self.label(kits[1]))
            let registered = try await browser.post(
                "/api/v1/test-kits/register", multipart: [], files: [photo], bearer: ann.token)
            #expect(registered.status == .created, "\(registered.text)")
            try ann.check.expectDocumented(registered, "/api/v1/test-kits/register", "post")
            #expect(try registered.decode(LabResultsTests.KitJSON.self).barcode == kits[1])

            let blank = Browser.FormFile(
                field: "photo", name: "wall.png", type: "image/png",
                bytes: try PNGRaster.png(
                    svg:
                        #"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120"><rect width="200" height="120" fill="lightgrey"/></svg>"#,
                    width: 200, height: 120))
            let unreadable = try await browser.post(
                "/api/v1/test-kits/register", multipart: [], files: [blank], bearer: ann.token)
            #expect(unreadable.status == .unprocessableContent && unreadable.error?.field == "photo")
            #expect(unreadable.error?.message.hasPrefix("No barcode could be read in the photo.") == true)
            let foreign = Browser.FormFile(field: "photo", name: "book.png", type: "image/png", bytes: try Self.label("ISBN-42"))
            let notAKit = try await browser.post("/api/v1/test-kits/register", multipart: [], files: [foreign], bearer: ann.token)
            #expect(notAKit.error?.message == "Not a Fair Underwriting test kit. Please check barcode.")

            // On the page too: the photo alone fills in the number.
            _ = try await browser.get("/test-kits/register")
            let page = try await browser.post("/test-kits/register", multipart: [], files: [blank])
            #expect(page.status == .unprocessableContent && page.text.contains("No barcode could be read in the photo."))
        }
    }

    @Test func theLabIssuesPrintsMovesAndPostsACheckedCSV() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let lab = try await LabResultsTests.lab(browser, app: app)
            let portal = try await lab.browser.get("/lab")
            #expect(portal.status == .ok && portal.text.contains("No kits issued yet."))

            let tooMany = try await lab.browser.post("/lab/kits", form: [("count", "1001"), ("batch", "B-7")])
            #expect(tooMany.status == .unprocessableContent && tooMany.text.contains("Issue from 1 to 1000 kits at a time."))
            #expect(tooMany.text.contains(#"value="B-7""#), "what was typed stays")
            let issued = try await lab.browser.post("/lab/kits", form: [("count", "3"), ("batch", "B-7")])
            #expect(issued.status == .seeOther, "\(issued.text.prefix(300))")
            let after = try await lab.browser.get(try #require(issued.location))
            #expect(after.text.contains("Issued 3 kits in batch “B-7”. Print its label sheet below."))
            #expect(after.text.contains(#"<a href="/lab/labels.pdf?batch=B-7">Label sheet (PDF)"#))

            let sheet = try await lab.browser.get("/lab/labels.pdf?batch=B-7")
            #expect(sheet.status == .ok && sheet.headers[.contentType] == "application/pdf")
            let kits = try await lab.send(.get, "/api/v1/lab/kits").decode(KitsJSON.self).kits.map(\.barcode)
            let printed = try BarcodeTools.zbarimg(try BarcodeTools.pagePNG(sheet.bytes, page: 1))
            #expect(Set(printed) == Set(kits), "every label of the batch reads back")
            let missing = try await lab.browser.get("/lab/labels.pdf?batch=nope")
            // A page that is not there goes home saying so, as every missing page does.
            #expect(missing.status == .seeOther && missing.location == "/?notice=unavailable")
            let batches = try await lab.send(.get, "/api/v1/lab/batches")
            try lab.check.expectDocumented(batches, "/api/v1/lab/batches", "get")
            #expect(batches.text.contains(#""batch":"B-7""#) && batches.text.contains(#""kits":3"#))

            for kit in kits.prefix(2) {
                let registered = try await ann.send(.post, "/api/v1/test-kits/register", #"{"barcode":"\#(kit)"}"#)
                #expect(registered.status == .created)
            }
            let early = try await lab.browser.post("/lab/kits/status", form: [("barcode", kits[2]), ("status", "received")])
            #expect(early.status == .conflict && early.text.contains("it must be registered first"))
            let moved = try await lab.browser.post("/lab/kits/status", form: [("barcode", kits[0]), ("status", "received")])
            #expect(moved.status == .seeOther)
            #expect(
                try await lab.browser.get(try #require(moved.location)).text.contains(
                    "Kit \(kits[0]) is now at “Received at the lab”."))

            // A file with something wrong on four of its rows: each named, nothing posted, no button.
            let bad = """
                Kit,Test date,AAT level,Genotype,Lab note
                \(kits[0]),2026-11-20,92,MZ,
                FU-KIT-2025110701-2,2026-11-20,100,,
                \(kits[2]),2026-11-20,120,MM,
                \(kits[1]),2026-11-20,abc,,
                \(kits[1]),20/11/2026,110,,

                """
            let checked = try await lab.browser.post(
                "/lab/results/preview", multipart: [],
                files: [Browser.FormFile(field: "csv", name: "run-7.csv", type: "text/csv", bytes: Array(bad.utf8))])
            #expect(checked.status == .unprocessableContent)
            #expect(checked.text.contains("4 rows of 5 need fixing."))
            #expect(checked.text.contains("No kit with this number was issued."))
            #expect(checked.text.contains("Nobody has registered this kit yet"))
            #expect(checked.text.contains("The AAT level must be a number of mg/dL from 0 to 5,000."))
            #expect(checked.text.contains("The test date must be a day such as 2026-11-07."))
            #expect(!checked.text.contains("/lab/results/csv"), "no way to post a file with problems")
            #expect(try await ann.send(.get, "/api/v1/lab-results").text.contains(#""results":[]"#))

            let good = "kit,testDate,aatLevel,genotype\n\(kits[0]),2026-11-20,92,MZ\n\(kits[1]),2026-11-21,,ZZ\n"
            let ready = try await lab.browser.post(
                "/lab/results/preview", multipart: [],
                files: [Browser.FormFile(field: "csv", name: "run-7.csv", type: "text/csv", bytes: Array(good.utf8))])
            #expect(ready.status == .ok && ready.text.contains("All 2 results are ready to post."))
            #expect(ready.text.contains("Post 2 results"))
            let posted = try await lab.browser.post(
                "/lab/results/csv", multipart: [("csv", good), ("fileName", "run-7.csv")], files: [])
            #expect(posted.status == .seeOther, "\(posted.text.prefix(300))")
            #expect(
                try await lab.browser.get(try #require(posted.location)).text.contains(
                    "Posted 2 results. Their owners have been told."))
            let results = try await ann.send(.get, "/api/v1/lab-results").decode(LabResultsTests.ResultsJSON.self).results
            #expect(results.map(\.genotype) == ["ZZ", "MZ"] && results.map(\.aatLevel) == [nil, 92])
            let again = try await lab.browser.post(
                "/lab/results/csv", multipart: [("csv", good), ("fileName", "run-7.csv")], files: [])
            #expect(again.status == .unprocessableContent && again.text.contains("This kit already has its result."))
        }
    }

    struct KitsJSON: Decodable {
        struct Kit: Decodable { let barcode: String }
        let kits: [Kit]
    }

    @Test func theAPITakesACSVBatchAndNamesTheLineAtFault() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let (ann, lab, kits) = try await LabResultsTests.annWithKits(browser, app: app, count: 2)
            func csv(_ text: String) async throws -> Reply {
                try await browser.send(
                    "/api/v1/lab/results", method: .post,
                    headers: [.authorization: "Bearer \(lab.token)", .contentType: "text/csv; charset=utf-8"],
                    body: ByteBuffer(string: text))
            }
            let header = try await csv("kit,aatLevel\n\(kits[0]),92\n")
            #expect(header.status == .unprocessableContent)
            try lab.check.expectDocumented(header, "/api/v1/lab/results", "post")
            #expect(header.error?.message == "The header row has no “testDate” column.")
            let unknown = try await csv("kit,date,aatLevel\n\(kits[0]),2026-11-20,92\n")
            #expect(
                unknown.error?.message
                    == "The header row has a column “date”, which is not one of kit, testDate, aatLevel, genotype, labNote.")
            let line = try await csv("kit,testDate,aatLevel\n\(kits[0]),2026-11-20,92\n\(kits[1]),2026-11-20,92,extra\n")
            #expect(line.error?.message == "Line 3: This row has a different number of fields than the header row.")
            let stranger = try await browser.send(
                "/api/v1/lab/results", method: .post,
                headers: [.authorization: "Bearer \(ann.token)", .contentType: "text/csv"],
                body: ByteBuffer(string: "kit,testDate,aatLevel\n\(kits[0]),2026-11-20,92\n"))
            #expect(stranger.status == .forbidden, "only a lab posts results")
            let posted = try await csv(
                "kit,testDate,aatLevel,genotype\n\(kits[0]),2026-11-20,92,MZ\n\(kits[1]),2026-11-21,830,MM\n")
            #expect(posted.status == .created, "\(posted.text)")
            try lab.check.expectDocumented(posted, "/api/v1/lab/results", "post")
            let alerts = try await ann.send(.get, "/api/v1/alerts").decode(LabResultsTests.AlertsJSON.self).alerts
            #expect(alerts.contains { $0.condition == "aatSpike" && $0.open }, "alerts evaluated after a CSV batch too")
        }
    }

    /// A lab's staff never consent to keeping health data of their own: the portal and the lab's
    /// API work without onboarding, while their own health pages still ask for it.
    @Test func aLabAccountWorksWithoutOnboarding() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            try await browser.signUp(email: "lab@example.com", onboard: false)
            try await app.store.write { repositories in
                let account = try #require(try await repositories.accounts.find(email: EmailAddress("lab@example.com")))
                try await repositories.creators.grant(.lab, to: account.id)
            }
            let portal = try await browser.get("/lab")
            #expect(portal.status == .ok && portal.text.contains("Lab portal"))
            let issued = try await browser.post("/lab/kits", form: [("count", "2"), ("batch", "")])
            #expect(issued.status == .seeOther)
            let token = try await browser.apiLogin(email: "lab@example.com").accessToken
            let api = try await browser.json(.post, "/api/v1/lab/kits", #"{"count":1}"#, bearer: token)
            #expect(api.status == .created)
            #expect(try await browser.get("/results").location == "/onboarding", "their own health pages still wait")
            let ownData = try await browser.json(.post, "/api/v1/test-kits/register", #"{"barcode":"x"}"#, bearer: token)
            #expect(ownData.status == .forbidden && ownData.error?.code == "consent_required")
        }
    }

    @Test func onlyALabReachesThePortal() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let page = try await browser.get("/lab")
            #expect(page.status == .forbidden && page.text.contains("Only a lab account can do this."))
            #expect(!(try await browser.get("/profile")).text.contains(#"href="/lab""#))
            #expect(try await browser.get("/lab/labels.pdf?batch=B-7").status == .forbidden)
            let labels = try await ann.send(.get, "/api/v1/lab/labels?batch=B-7")
            #expect(labels.status == .forbidden)
            try ann.check.expectDocumented(labels, "/api/v1/lab/labels", "get")
            let lab = try await LabResultsTests.lab(browser, app: app)
            #expect(try await lab.browser.get("/profile").text.contains(#"<a href="/lab">Lab portal</a>"#))
        }
    }
}

/// Lab results as FHIR R4 through the router, both ways, each Bundle read by `fhir.resources`.
@Suite("Lab results as FHIR through the router")
struct LabFHIRRouteTests {
    typealias Person = HabitsAPITests.Person

    static func validate(_ text: String) throws -> [String: Int] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-fhir-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try FHIRValidator.validateBundle(file)
    }

    @Test func aLabPostsATransactionAndThePersonTakesTheirResultsOutAsFHIR() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let (ann, lab, kits) = try await LabResultsTests.annWithKits(browser, app: app, count: 2)
            func post(_ text: String, as person: Person? = nil) async throws -> Reply {
                try await browser.send(
                    "/api/v1/lab/fhir", method: .post,
                    headers: [.authorization: "Bearer \((person ?? lab).token)", .contentType: "application/fhir+json"],
                    body: ByteBuffer(string: text))
            }
            let transaction = LabFHIRSamples.transaction().replacingOccurrences(of: "FU-KIT-2025110701-2", with: kits[0])
            #expect(try Self.validate(transaction) == ["DiagnosticReport": 1, "Observation": 2], "the test's input is real FHIR")

            let stranger = try await post(transaction, as: ann)
            #expect(stranger.status == .forbidden, "only a lab posts")
            let unknown = try await post(LabFHIRSamples.transaction())
            #expect(unknown.status == .conflict && unknown.headers[.contentType]?.hasPrefix("application/fhir+json") == true)
            #expect(
                unknown.text.contains(#""resourceType":"OperationOutcome""#)
                    && unknown.text.contains("No kit with this number was issued."))
            try lab.check.expectDocumented(unknown, "/api/v1/lab/fhir", "post")
            let badUnit = try await post(transaction.replacingOccurrences(of: #""code":"umol/L""#, with: #""code":"mmol/L""#))
            #expect(badUnit.status == .unprocessableContent)
            #expect(badUnit.text.contains("Entry 1: the AAT level is in “mmol/L”; send mg/dL, g/L or umol/L."))
            #expect(badUnit.text.contains(#""expression":["Bundle.entry[1].resource.valueQuantity"]"#))
            #expect(try await ann.send(.get, "/api/v1/lab-results").text.contains(#""results":[]"#), "nothing written")

            let posted = try await post(transaction)
            #expect(posted.status == .ok, "\(posted.text)")
            try lab.check.expectDocumented(posted, "/api/v1/lab/fhir", "post")
            let validated = try Self.validate(posted.text)
            #expect(validated == ["NoneType": 1], "a valid transaction-response Bundle, its one entry a bare response")
            #expect(posted.text.contains(#""type":"transaction-response""#) && posted.text.contains(#""status":"201 Created""#))
            let stored = try await ann.send(.get, "/api/v1/lab-results").decode(LabResultsTests.ResultsJSON.self).results
            #expect(stored.map(\.aatLevel) == [104] && stored.map(\.genotype) == ["MZ"] && stored[0].pdfUrl != nil)

            let out = try await ann.send(.get, "/api/v1/lab-results/fhir")
            #expect(out.status == .ok && out.headers[.contentType] == "application/fhir+json; fhirVersion=4.0")
            try ann.check.expectDocumented(out, "/api/v1/lab-results/fhir", "get")
            #expect(try Self.validate(out.text) == ["Patient": 1, "DiagnosticReport": 1, "Observation": 2])
            #expect(out.text.contains(#""code":"1825-9""#) && out.text.contains(#""code":"HGNC:8941""#))
            #expect(out.text.contains(#""value":\#(kits[0].debugDescription)"#))
        }
    }
}
