import Foundation
import HTTPTypes
import NIOCore
import Testing
import ThriveCore
import ThriveTestSupport
import ThriveWeb

/// Sharing lab results with a provider through the router (spec 001): a link made for chosen
/// results opens without an account until it ends or is revoked, and each opening is shown to
/// the person.
@Suite("Sharing lab results")
struct LabShareTests {
    typealias Person = HabitsAPITests.Person

    struct ShareJSON: Decodable {
        let id: String
        let state: String
        let viewCount: Int
        let url: String?
        let results: [String]?
    }

    struct SharesJSON: Decodable {
        let shares: [ShareJSON]
    }

    /// Ann with two results, the first with the lab's PDF.
    static func annWithResults(_ browser: Browser, app: TestApp) async throws -> (Person, [LabResultsTests.ResultJSON]) {
        let (ann, lab, kits) = try await LabResultsTests.annWithKits(browser, app: app, count: 2)
        let pdf = Data("%PDF-1.7\n%%EOF\n".utf8).base64EncodedString()
        let posted = try await lab.send(
            .post, "/api/v1/lab/results",
            #"{"results":[{"kit":"\#(kits[0])","testDate":"2026-11-20","aatLevel":92,"genotype":"MZ","reportPdf":"\#(pdf)"},"#
                + #"{"kit":"\#(kits[1])","testDate":"2026-05-04","aatLevel":88}]}"#)
        #expect(posted.status == .created, "\(posted.text)")
        let results = try await ann.send(.get, "/api/v1/lab-results").decode(LabResultsTests.ResultsJSON.self).results
        return (ann, results)
    }

    static func token(_ url: String) -> String { String(url.split(separator: "/").last ?? "") }

    @Test func aLinkShowsTheChosenResultsToAProviderUntilItEnds() async throws {
        let clock = TestClock(HabitsAPITests.mondayMorning)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            let (ann, results) = try await Self.annWithResults(browser, app: app)
            _ = try await browser.get("/results/shares")
            let made = try await browser.post(
                "/results/shares",
                form: [("label", "Dr. Weber"), ("days", "7"), ("scope", "some"), ("result", results[0].id)])
            #expect(made.status == .created, "\(made.text.prefix(400))")
            #expect(made.text.contains("Your link is ready"))
            let url = try #require(
                made.text.components(separatedBy: #"readonly value=""#).dropFirst().first?.prefix { $0 != "\"" })
            #expect(url.hasPrefix("http://") && url.contains("/shared/"))
            let token = Self.token(String(url))

            // The provider has no account.
            let provider = browser.fresh()
            let page = try await provider.get("/shared/\(token)")
            #expect(page.status == .ok)
            #expect(page.headers[HTTPField.Name("X-Robots-Tag")!] == "noindex, nofollow")
            #expect(page.text.contains("Lab results of Ann") && page.text.contains("20 Nov 2026"))
            #expect(!page.text.contains("4 May 2026"), "only the chosen result")
            #expect(page.text.contains("The link works until 30 Nov 2026"))
            let pdfPath = "/shared/\(token)/results/\(results[0].id)/report"
            #expect(page.text.contains(pdfPath))
            let pdf = try await provider.get(pdfPath)
            #expect(pdf.status == .ok && pdf.text.hasPrefix("%PDF-1.7"))
            #expect(try await provider.get("/shared/\(token)/results/\(results[1].id)/report").status != .ok, "not shared")
            let fhir = try await provider.get("/shared/\(token)/fhir")
            #expect(fhir.status == .ok)
            #expect(try LabFHIRRouteTests.validate(fhir.text) == ["Patient": 1, "DiagnosticReport": 1, "Observation": 2])

            // Ann sees every opening.
            let list = try await ann.send(.get, "/api/v1/lab-shares")
            try ann.check.expectDocumented(list, "/api/v1/lab-shares", "get")
            let share = try #require(try list.decode(SharesJSON.self).shares.first)
            #expect(share.viewCount == 3 && share.state == "active" && share.url == nil, "the address is never shown again")
            let mine = try await browser.get("/results/shares")
            #expect(mine.text.contains("Dr. Weber") && mine.text.contains("Opened 3 times:"))
            #expect(mine.text.contains("the FHIR file") && mine.text.contains("a lab report (PDF)"))

            // It ends at its expiry, to the second.
            clock.advance(seconds: 7 * 86_400 - 1)
            #expect(try await provider.get("/shared/\(token)").status == .ok)
            clock.advance(seconds: 1)
            let ended = try await provider.get("/shared/\(token)")
            #expect(ended.status == .gone && ended.text.contains("This link has ended or was revoked."))
            #expect(try await provider.get("/shared/\(token)/fhir").status == .gone)
        }
    }

    @Test func aLinkIsRevokedAndAGuessLearnsNothing() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let (ann, results) = try await Self.annWithResults(browser, app: app)
            let made = try await ann.send(.post, "/api/v1/lab-shares", #"{"days":1,"label":"Clinic"}"#)
            #expect(made.status == .created, "\(made.text)")
            try ann.check.expectDocumented(made, "/api/v1/lab-shares", "post")
            let share = try made.decode(ShareJSON.self)
            #expect(share.results == nil, "all results, later ones too")
            let token = Self.token(try #require(share.url))
            let provider = browser.fresh()
            let open = try await provider.get("/shared/\(token)")
            #expect(open.text.contains("20 Nov 2026") && open.text.contains("4 May 2026"))

            let revoked = try await ann.send(.delete, "/api/v1/lab-shares/\(share.id)")
            #expect(revoked.status == .noContent)
            let gone = try await provider.get("/shared/\(token)")
            #expect(gone.status == .gone)
            let again = try await ann.send(.delete, "/api/v1/lab-shares/\(share.id)")
            #expect(again.status == .notFound)
            try ann.check.expectDocumented(again, "/api/v1/lab-shares/{id}", "delete")
            // A made-up token reads exactly as a revoked one.
            let guess = try await provider.get("/shared/\(String(repeating: "A", count: 43))")
            #expect(guess.status == .gone && guess.text == gone.text)
            #expect(try await ann.send(.get, "/api/v1/lab-shares").decode(SharesJSON.self).shares.first?.state == "revoked")

            let days = try await ann.send(.post, "/api/v1/lab-shares", #"{"days":3}"#)
            #expect(days.status == .unprocessableContent && days.error?.message == "A link lasts 1, 7, 30, 90 days.")
            try ann.check.expectDocumented(days, "/api/v1/lab-shares", "post")
            let bob = try await Person.make(browser.fresh(), email: "bob@example.com")
            let foreign = try await bob.send(.post, "/api/v1/lab-shares", #"{"days":7,"results":["\#(results[0].id)"]}"#)
            #expect(foreign.error?.message == "One of the chosen results is not yours.")
            #expect(try await bob.send(.get, "/api/v1/lab-shares").text == #"{"shares":[]}"#)
            let none = try await browser.post("/results/shares", form: [("days", "7"), ("scope", "some")])
            #expect(none.status == .unprocessableContent && none.text.contains("Tick at least one result, or share all of them."))
        }
    }
}

/// Breathing symptoms through the router: logged from the quick form or the API, on the results'
/// timeline beside the lab results, undone at once.
@Suite("Breathing symptoms on the results timeline")
struct BreathingLogRouteTests {
    typealias Person = HabitsAPITests.Person

    @Test func aLogJoinsTheTimelineAndCanBeUndone() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let (ann, _) = try await LabShareTests.annWithResults(browser, app: app)
            let form = try await browser.get("/results/symptoms")
            #expect(form.status == .ok && form.text.contains("Exercise tolerance reduced"))
            let logged = try await browser.post(
                "/results/symptoms",
                form: [("cough", "moderate"), ("wheeze", "mild"), ("day", "2026-11-21"), ("note", "Cold since Tuesday")])
            #expect(logged.status == .seeOther, "\(logged.text.prefix(300))")
            let page = try await browser.get(try #require(logged.location))
            #expect(page.text.contains("Logged. Your symptoms are on the timeline."))
            #expect(page.text.contains("Breathing: Cough (moderate), Wheeze (mild)"))
            // On the timeline between the results of 20 Nov and earlier, by day.
            let timeline = try #require(page.text.components(separatedBy: #"id="timeline""#).dropFirst().first)
            let symptoms = try #require(timeline.range(of: "21 Nov 2026"))
            let result = try #require(timeline.range(of: "20 Nov 2026"))
            #expect(symptoms.lowerBound < result.lowerBound, "latest day first")
            #expect(timeline.contains("“Cold since Tuesday”"))

            let undo = try #require(
                page.text.components(separatedBy: #"action="/results/symptoms/"#).dropFirst().first?.prefix { $0 != "\"" })
            #expect(undo.hasSuffix("/delete"))
            let undone = try await browser.post("/results/symptoms/\(undo)", form: [])
            #expect(undone.status == .seeOther)
            let after = try await browser.get(try #require(undone.location))
            #expect(after.text.contains("The log is removed.") && !after.text.contains("Cold since Tuesday"))

            let future = try await browser.post("/results/symptoms", form: [("cough", "mild"), ("day", "2026-11-24")])
            #expect(
                future.status == .unprocessableContent && future.text.contains("The day must be today or within the past year"))
            #expect(future.text.contains(#"value="mild" checked"#), "the choices stay")

            let api = try await ann.send(.post, "/api/v1/breathing-symptoms", #"{"breathlessness":"severe"}"#)
            #expect(api.status == .created, "\(api.text)")
            try ann.check.expectDocumented(api, "/api/v1/breathing-symptoms", "post")
            #expect(api.text.contains(#""day":"2026-11-23""#), "today in Ann's zone")
            let bad = try await ann.send(.post, "/api/v1/breathing-symptoms", #"{"cough":"awful"}"#)
            #expect(bad.status == .unprocessableContent && bad.error?.field == "cough")
            try ann.check.expectDocumented(bad, "/api/v1/breathing-symptoms", "post")
            let list = try await ann.send(.get, "/api/v1/breathing-symptoms")
            try ann.check.expectDocumented(list, "/api/v1/breathing-symptoms", "get")
            let id = try #require(list.text.components(separatedBy: #""id":""#).dropFirst().first?.prefix(36))
            let bob = try await Person.make(browser.fresh(), email: "bob@example.com")
            #expect(try await bob.send(.delete, "/api/v1/breathing-symptoms/\(id)").status == .notFound, "not Bob's")
            let deleted = try await ann.send(.delete, "/api/v1/breathing-symptoms/\(id)")
            #expect(deleted.status == .noContent)
        }
    }
}
