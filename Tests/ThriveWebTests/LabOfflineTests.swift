import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveWeb

/// Spec 001's offline mode, the server's half: the results page names what the device keeps (a
/// year of results with their PDFs, the counselor's page, the lung-health pieces), and a piece the
/// device fetches for itself is not counted as one the person opened.
@Suite("Lab results kept for offline use")
struct LabOfflineTests {
    @Test func theResultsPageNamesAYearOfResultsTheCounselorAndTheLungPieces() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let (ann, lab, kits) = try await LabResultsTests.annWithKits(browser, app: app, count: 3)
            // Today is 23 Nov 2026 in Berlin: 23 Nov 2025 is a year back, the day before is not.
            for (kit, date) in zip(kits, ["2026-11-20", "2025-11-23", "2025-11-22"]) {
                let posted = try await lab.send(.post, "/api/v1/lab/results", LabResultsTests.result(kit, level: 90, date: date))
                #expect(posted.status == .created, "\(posted.text)")
            }
            let results = try await ann.send(.get, "/api/v1/lab-results").text
            let page = try await browser.get("/results").text
            let list = try #require(page.range(of: #"id="offline-keep" hidden data-urls=""#))
            let encoded = page[list.upperBound...].prefix { $0 != "\"" }
            let urls = try JSONDecoder().decode(
                [String].self, from: Data(encoded.replacingOccurrences(of: "&quot;", with: "\"").utf8))
            #expect(urls.filter { $0.hasPrefix("/results/") && $0 != "/results/faq" }.count == 2, "\(urls)")
            #expect(urls.contains("/counselor") && urls.contains("/results/faq"))
            let pieces = urls.filter { $0.hasPrefix("/library/") }
            #expect(pieces.count == 4, "the four lung-health pieces")
            #expect(results.contains("2025-11-22"), "the older result is still the person's, only not kept offline")

            // The device's own fetch of a piece leaves it out of "recently viewed".
            let piece = try #require(pieces.first)
            let fetched = try await browser.get(piece, headers: [HTTPField.Name("X-Thrive-Prefetch")!: "1"])
            #expect(fetched.status == .ok)
            #expect(!(try await browser.get("/library").text.contains("Recently viewed")))
            _ = try await browser.get(piece)
            #expect(try await browser.get("/library").text.contains("Recently viewed"))
        }
    }

    /// Spec 001's FAQ answers with the thresholds this server uses, which the operator may change.
    @Test func theFAQAnswersWithTheServersOwnNumbers() async throws {
        let app = try await TestApp.make(
            configure: { $0.aatThresholds = AATThresholds(normalLow: 90, normalHigh: 190, protective: 50.5) },
            clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            try await browser.signUp()
            let page = try await browser.get("/results/faq")
            #expect(page.status == .ok)
            #expect(page.text.contains("The usual range is 90 to 190 mg/dL. A level under 50.5 mg/dL"))
            #expect(page.text.contains("Send your sample to the lab within 7 days."))
            #expect(page.text.components(separatedBy: "<details class=\"card faq-entry\"").count == 10, "nine questions")
            #expect(try await browser.get("/results").text.contains(#"href="/results/faq""#))
        }
    }
}
