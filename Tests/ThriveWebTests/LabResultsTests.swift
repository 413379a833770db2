import Foundation
import HTTPTypes
import NIOCore
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

/// Test kits and lab results through the router (spec 001): a lab issues kits, Ann registers one,
/// the lab posts its result, and Ann is told, alerted when it is dangerous, and reads it.
@Suite("Lab results and test kits")
struct LabResultsTests {
    typealias Person = HabitsAPITests.Person

    struct KitJSON: Decodable {
        let barcode: String
        let status: String
        let instruction: String?
        let steps: [Step]
        struct Step: Decodable {
            let status: String
            let reachedAt: Date?
        }
    }

    struct IssuedJSON: Decodable {
        let batch: String
        let barcodes: [String]
    }

    struct ResultJSON: Decodable {
        let id: String
        let kit: String
        let testDate: String
        let aatLevel: Double?
        let aatMicromolar: Double?
        let band: String?
        let genotype: String?
        let interpretationSummary: String
        let pdfUrl: String?
    }

    struct ResultsJSON: Decodable {
        let results: [ResultJSON]
        let nextCursor: String?
    }

    struct AlertJSON: Decodable {
        let condition: String
        let message: String
        let evidence: String
        let open: Bool
    }

    struct AlertsJSON: Decodable {
        let alerts: [AlertJSON]
    }

    struct NotificationJSON: Decodable {
        let kind: String
        let title: String
        let body: String
        let link: String
    }

    struct NotificationsJSON: Decodable {
        let notifications: [NotificationJSON]
    }

    /// Signs up a lab account and gives it the role, as `thrive user role --role lab` does.
    static func lab(_ browser: Browser, app: TestApp) async throws -> Person {
        let lab = try await Person.make(browser.fresh(), email: "lab@example.com")
        try await app.store.write { repositories in
            let account = try #require(try await repositories.accounts.find(email: EmailAddress("lab@example.com")))
            try await repositories.creators.grant(.lab, to: account.id)
        }
        return lab
    }

    /// Ann, the lab, and `count` kits the lab issued and Ann registered.
    static func annWithKits(_ browser: Browser, app: TestApp, count: Int) async throws -> (
        ann: Person, lab: Person, kits: [String]
    ) {
        let ann = try await Person.make(browser)
        let lab = try await Self.lab(browser, app: app)
        let kits = try await Self.issue(lab, count)
        for kit in kits {
            let registered = try await ann.send(.post, "/api/v1/test-kits/register", #"{"barcode":"\#(kit)"}"#)
            #expect(registered.status == .created, "\(registered.text)")
        }
        return (ann, lab, kits)
    }

    static func issue(_ lab: Person, _ count: Int) async throws -> [String] {
        let reply = try await lab.send(.post, "/api/v1/lab/kits", #"{"count":\#(count),"batch":"November run"}"#)
        #expect(reply.status == .created, "\(reply.text)")
        try lab.check.expectDocumented(reply, "/api/v1/lab/kits", "post")
        return try reply.decode(IssuedJSON.self).barcodes
    }

    static func result(_ kit: String, level: Double?, genotype: String? = nil, date: String = "2026-11-20") -> String {
        let level = level.map { "\($0)" } ?? "null"
        let genotype = genotype.map { "\"\($0)\"" } ?? "null"
        return #"{"kit":"\#(kit)","testDate":"\#(date)","aatLevel":\#(level),"genotype":\#(genotype)}"#
    }

    @Test func aKitIsRegisteredWithTheSpecsWordsForEveryRefusal() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let bob = try await Person.make(browser.fresh(), email: "bob@example.com")
            let lab = try await Self.lab(browser, app: app)
            let kits = try await Self.issue(lab, 3)
            #expect(kits.count == 3 && kits.allSatisfy { KitNumber($0) != nil })

            let typo = try await ann.send(.post, "/api/v1/test-kits/register", #"{"barcode":"FU-KIT-2025110701-X"}"#)
            #expect(typo.status == .unprocessableContent)
            try ann.check.expectDocumented(typo, "/api/v1/test-kits/register", "post")
            #expect(typo.error?.message == "Not a Fair Underwriting test kit. Please check barcode.")
            // A number whose check holds but that the lab never issued is refused the same way.
            let digits = kits[0].dropFirst(7).prefix(10)
            let other = String((Int(digits)! + 1) % 10_000_000_000)
            let padded = String(repeating: "0", count: 10 - other.count) + other
            let unissued = KitNumber(digits: padded)!.description
            let never = try await ann.send(.post, "/api/v1/test-kits/register", #"{"barcode":"\#(unissued)"}"#)
            #expect(never.status == .unprocessableContent && never.error?.message == typo.error?.message)

            let registered = try await ann.send(.post, "/api/v1/test-kits/register", #"{"barcode":"\#(kits[0].lowercased())"}"#)
            #expect(registered.status == .created, "\(registered.text)")
            try ann.check.expectDocumented(registered, "/api/v1/test-kits/register", "post")
            let kit = try registered.decode(KitJSON.self)
            #expect(kit.barcode == kits[0] && kit.status == "registered")
            #expect(kit.instruction == "Send your sample to lab within 7 days")
            #expect(kit.steps.map(\.status) == ["registered", "shipped", "received", "processing", "ready"])
            #expect(kit.steps[0].reachedAt != nil && kit.steps[1].reachedAt == nil)

            for person in [ann, bob] {
                let again = try await person.send(.post, "/api/v1/test-kits/register", #"{"barcode":"\#(kits[0])"}"#)
                #expect(again.status == .conflict)
                try person.check.expectDocumented(again, "/api/v1/test-kits/register", "post")
                #expect(again.error?.message == "This kit is already registered on 23 Nov 2026")
            }
            let bobsKits = try await bob.send(.get, "/api/v1/test-kits")
            try bob.check.expectDocumented(bobsKits, "/api/v1/test-kits", "get")
            #expect(bobsKits.text == #"{"kits":[]}"#, "another's kit never shows")
        }
    }

    @Test func aLabelPhotoComesWithTheNumberAsMultipart() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let lab = try await Self.lab(browser, app: app)
            let kits = try await Self.issue(lab, 2)
            func multipart(_ barcode: String, photo: [UInt8]) async throws -> Reply {
                var body = ByteBuffer()
                body.writeString(
                    "--b0undary\r\nContent-Disposition: form-data; name=\"barcode\"\r\n\r\n\(barcode)\r\n"
                        + "--b0undary\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"label.png\"\r\n"
                        + "Content-Type: image/png\r\n\r\n")
                body.writeBytes(photo)
                body.writeString("\r\n--b0undary--\r\n")
                return try await browser.send(
                    "/api/v1/test-kits/register", method: .post,
                    headers: [.authorization: "Bearer \(ann.token)", .contentType: "multipart/form-data; boundary=b0undary"],
                    body: body)
            }
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 64)
            let notImage = try await multipart(kits[0], photo: Array("not a picture".utf8))
            #expect(notImage.status == .unprocessableContent && notImage.error?.field == "photo")
            #expect(try await ann.send(.get, "/api/v1/test-kits").text == #"{"kits":[]}"#, "nothing half-written")
            let reply = try await multipart(kits[0], photo: png)
            #expect(reply.status == .created, "\(reply.text)")
            let stored = try await app.store.read { try await $0.testKits.kit(KitNumber(kits[0])!) }
            #expect(stored?.registeredAt != nil)
        }
    }

    @Test func onlyALabIssuesMovesAndPostsAndItSeesNoOnesData() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            for (path, body) in [
                ("/api/v1/lab/kits", #"{"count":1}"#), ("/api/v1/lab/kits/FU-KIT-2025110701-2/status", #"{"status":"shipped"}"#),
                ("/api/v1/lab/results", Self.result("FU-KIT-2025110701-2", level: 120)),
            ] {
                let refused = try await ann.send(.post, path, body)
                #expect(refused.status == .forbidden, "\(path)")
                #expect(refused.error?.message.contains("thrive user role --role lab") == true)
            }
            let lab = try await Self.lab(browser, app: app)
            #expect(try await lab.send(.post, "/api/v1/lab/kits", #"{"count":0}"#).status == .unprocessableContent)
            #expect(try await lab.send(.post, "/api/v1/lab/kits", #"{"count":1001}"#).status == .unprocessableContent)
            let kits = try await Self.issue(lab, 2)
            let early = try await lab.send(.post, "/api/v1/lab/kits/\(kits[0])/status", #"{"status":"received"}"#)
            #expect(early.status == .conflict, "a kit nobody registered does not move")
            try lab.check.expectDocumented(early, "/api/v1/lab/kits/{barcode}/status", "post")
            _ = try await ann.send(.post, "/api/v1/test-kits/register", #"{"barcode":"\#(kits[0])"}"#)
            let received = try await lab.send(.post, "/api/v1/lab/kits/\(kits[0])/status", #"{"status":"received"}"#)
            #expect(received.status == .ok, "\(received.text)")
            try lab.check.expectDocumented(received, "/api/v1/lab/kits/{barcode}/status", "post")
            #expect(!received.text.contains("ann"), "the lab never learns whose kit it is")
            let back = try await lab.send(.post, "/api/v1/lab/kits/\(kits[0])/status", #"{"status":"shipped"}"#)
            #expect(back.status == .conflict, "kits only move forward")
            let annsKits = try await ann.send(.get, "/api/v1/test-kits").decode(KitsList.self)
            #expect(annsKits.kits.first?.status == "received")
            #expect(annsKits.kits.first?.steps.first { $0.status == "shipped" }?.reachedAt == nil, "a skipped step stays empty")

            _ = try await lab.send(.post, "/api/v1/lab/results", Self.result(kits[0], level: 150, genotype: "MZ"))
            // The lab's own token reads only the lab account's (empty) results, never Ann's.
            #expect(try await lab.send(.get, "/api/v1/lab-results").decode(ResultsJSON.self).results.isEmpty)
        }
    }

    struct KitsList: Decodable {
        let kits: [KitJSON]
    }

    /// The spec's case: 820 mg/dL, four times normal. Ann is told her result is ready, a critical
    /// alert opens and stays until a newer result is ordinary, and the result reads in both units.
    @Test func theSpecsSpikeIsACriticalAlertUntilANewerOrdinaryResult() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let lab = try await Self.lab(browser, app: app)
            let kits = try await Self.issue(lab, 3)
            for kit in kits { _ = try await ann.send(.post, "/api/v1/test-kits/register", #"{"barcode":"\#(kit)"}"#) }

            let posted = try await lab.send(.post, "/api/v1/lab/results", Self.result(kits[0], level: 820, genotype: "MZ"))
            #expect(posted.status == .created, "\(posted.text)")
            try lab.check.expectDocumented(posted, "/api/v1/lab/results", "post")
            let again = try await lab.send(.post, "/api/v1/lab/results", Self.result(kits[0], level: 820))
            #expect(again.status == .conflict && again.error?.message == "This kit already has its result.")

            let results = try await ann.send(.get, "/api/v1/lab-results")
            try ann.check.expectDocumented(results, "/api/v1/lab-results", "get")
            let latest = try #require(try results.decode(ResultsJSON.self).results.first)
            #expect(latest.aatLevel == 820 && latest.band == "criticalHigh" && latest.genotype == "MZ")
            #expect(latest.aatMicromolar == 157.7, "820 mg/dL × 10 ÷ 52 kDa")
            #expect(latest.interpretationSummary.contains("contact your doctor today"))
            #expect(
                latest.interpretationSummary.hasSuffix(
                    "it is not a diagnosis. Talk it over with your doctor or a genetic counselor."))
            let detail = try await ann.send(.get, "/api/v1/lab-results/\(latest.id)")
            try ann.check.expectDocumented(detail, "/api/v1/lab-results/{id}", "get")

            let alerts = try await ann.send(.get, "/api/v1/alerts").decode(AlertsJSON.self).alerts
            let spike = try #require(alerts.first { $0.condition == "aatSpike" })
            #expect(spike.open && spike.evidence == "820 mg/dL on Fri 20 Nov: 4.1 times the top of the normal range (200 mg/dL).")
            let notifications = try await ann.send(.get, "/api/v1/mobile/notifications/history").decode(NotificationsJSON.self)
                .notifications
            #expect(notifications.contains { $0.kind == "testResult" && $0.title == "Your test results are ready" })
            let critical = try #require(notifications.first { $0.kind == "criticalAlert" })
            #expect(critical.title == "AAT level alert")
            #expect(!critical.body.contains("820"), "no value on the lock screen")

            // The dashboard keeps it open until a newer ordinary result resolves it.
            #expect(try await ann.browser.get("/").text.contains("AAT level alert"))
            _ = try await lab.send(.post, "/api/v1/lab/results", Self.result(kits[1], level: 150, date: "2026-11-22"))
            let after = try await ann.send(.get, "/api/v1/alerts").decode(AlertsJSON.self).alerts
            #expect(!after.contains { $0.condition == "aatSpike" && $0.open })

            // Under the protective threshold: a flag, as a test result rather than a critical push.
            _ = try await lab.send(.post, "/api/v1/lab/results", Self.result(kits[2], level: 56.9, date: "2026-11-23"))
            let low = try await ann.send(.get, "/api/v1/alerts").decode(AlertsJSON.self).alerts
            #expect(low.contains { $0.condition == "aatLow" && $0.open })
            let flagged = try await ann.send(.get, "/api/v1/mobile/notifications/history").decode(NotificationsJSON.self)
                .notifications
            #expect(flagged.filter { $0.kind == "criticalAlert" }.count == 1, "the low flag is not a critical push")
            #expect(flagged.contains { $0.kind == "testResult" && $0.title == "Low AAT level" })
        }
    }

    @Test func aBatchIsAllOrNoneAndNamesTheRowAtFault() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let lab = try await Self.lab(browser, app: app)
            let kits = try await Self.issue(lab, 2)
            _ = try await ann.send(.post, "/api/v1/test-kits/register", #"{"barcode":"\#(kits[0])"}"#)
            let batch = #"{"results":[\#(Self.result(kits[0], level: 120)),\#(Self.result(kits[1], level: 130))]}"#
            let refused = try await lab.send(.post, "/api/v1/lab/results", batch)
            #expect(refused.status == .conflict)
            try lab.check.expectDocumented(refused, "/api/v1/lab/results", "post")
            #expect(
                refused.error?.message
                    == "Result 2: Nobody has registered this kit yet, so there is no one to give the result to.")
            #expect(try await ann.send(.get, "/api/v1/lab-results").decode(ResultsJSON.self).results.isEmpty)
            let future = try await lab.send(.post, "/api/v1/lab/results", Self.result(kits[0], level: 120, date: "2026-11-24"))
            #expect(future.status == .unprocessableContent && future.error?.field == "testDate")
            let neither = try await lab.send(.post, "/api/v1/lab/results", Self.result(kits[0], level: nil))
            #expect(neither.error?.message == "A result needs an AAT level, a genotype, or both.")
            let pdf = Data("%PDF-1.7\n%%EOF\n".utf8).base64EncodedString()
            let withReport = try await lab.send(
                .post, "/api/v1/lab/results",
                #"{"kit":"\#(kits[0])","testDate":"2026-11-20","aatLevel":120,"reportPdf":"\#(pdf)"}"#)
            #expect(withReport.status == .created, "\(withReport.text)")
            let result = try #require(try await ann.send(.get, "/api/v1/lab-results").decode(ResultsJSON.self).results.first)
            let report = try await ann.send(.get, try #require(result.pdfUrl))
            #expect(report.status == .ok && report.headers[.contentType] == "application/pdf")
            #expect(report.text.hasPrefix("%PDF-1.7"))
        }
    }

    /// Twenty-five results: a page of twenty, then five, by keyset cursor, latest test first.
    @Test func resultsArePagedLatestFirstByKeyset() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let lab = try await Self.lab(browser, app: app)
            let kits = try await Self.issue(lab, 25)
            for kit in kits { _ = try await ann.send(.post, "/api/v1/test-kits/register", #"{"barcode":"\#(kit)"}"#) }
            let start = LocalDate(iso8601: "2024-11-01")!
            let rows = kits.enumerated().map { index, kit in
                Self.result(kit, level: 100 + Double(index), date: start.adding(days: index * 30).iso8601)
            }
            let posted = try await lab.send(.post, "/api/v1/lab/results", #"{"results":[\#(rows.joined(separator: ","))]}"#)
            #expect(posted.status == .created, "\(posted.text)")
            let first = try await ann.send(.get, "/api/v1/lab-results").decode(ResultsJSON.self)
            #expect(first.results.count == 20 && first.results.first?.aatLevel == 124)
            let cursor = try #require(first.nextCursor)
            let second = try await ann.send(.get, "/api/v1/lab-results?after=\(cursor)").decode(ResultsJSON.self)
            #expect(second.results.map { $0.aatLevel ?? 0 } == [104, 103, 102, 101, 100])
            #expect(second.nextCursor == nil)
            let bad = try await ann.send(.get, "/api/v1/lab-results?after=\(UUID().uuidString)")
            #expect(bad.status == .badRequest)
            try ann.check.expectDocumented(bad, "/api/v1/lab-results", "get")

            let page = try await ann.browser.get("/results")
            #expect(page.status == .ok)
            #expect(page.text.contains("124 mg/dL") && page.text.contains("AAT trend"))
            #expect(page.text.contains("25 results from") || page.text.contains("20 results from"))
        }
    }

    @Test func theRegistrationPageSaysWhatIsWrongAndWhatToDoNext() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let lab = try await Self.lab(browser, app: app)
            let kits = try await Self.issue(lab, 1)
            let empty = try await browser.get("/results")
            #expect(empty.text.contains("No lab results yet"))
            _ = try await browser.get("/test-kits/register")
            let wrong = try await browser.post("/test-kits/register", form: [("barcode", "FU-KIT-1234567890-0")])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.text.contains("Not a Fair Underwriting test kit. Please check barcode."))
            #expect(wrong.text.contains(#"value="FU-KIT-1234567890-0""#), "what was typed stays")
            let done = try await browser.post("/test-kits/register", form: [("barcode", kits[0])])
            #expect(done.status == .seeOther || done.status == .found)
            let page = try await browser.get(try #require(done.location))
            #expect(page.text.contains("Kit \(kits[0]) is registered. Send your sample to lab within 7 days."))
            #expect(page.text.contains("Sample on its way"))
            _ = ann
        }
    }
}
