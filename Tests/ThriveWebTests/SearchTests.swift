import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

@Suite("Search from every screen")
struct SearchTests {
    @Test func findsPagesSettingsFoodsAndOnlyTheirOwnEntries() async throws {
        let app = try await TestApp.make(clock: TestClock(ISO8601DateFormatter().date(from: "2026-11-22T19:30:00Z")!))
        try await FoodCatalogLoader.loadIfNeeded(app.store)
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            try await browser.json(
                .post, "/api/v1/entries/meals", #"{"meal":"lunch","name":"Lentil soup","energyKilocalories":320}"#, bearer: token)
            try await browser.json(.post, "/api/v1/entries/mood", #"{"mood":4,"note":"Long walk by the river"}"#, bearer: token)

            let home = try await browser.get("/")
            #expect(home.text.contains(#"href="/search" aria-label="Search""#), "search is reachable from every screen")

            let lentil = try await browser.get("/search?q=lentil")
            #expect(lentil.text.contains("Your entries"))
            #expect(lentil.text.contains("Lentil soup"))
            #expect(lentil.text.contains("/pillars/nutrition/meals?date=2026-11-22"))
            #expect(lentil.text.contains("Lentils, raw"), "catalog foods")
            let river = try await browser.get("/search?q=RIVER")
            #expect(river.text.contains("Long walk by the river"))
            let quiet = try await browser.get("/search?q=quiet+hours")
            #expect(quiet.text.contains("Quiet hours start"))
            #expect(quiet.text.contains("/profile/settings#notifications"))
            let hydration = try await browser.get("/search?q=hydration")
            #expect(hydration.text.contains(#"href="/pillars/nutrition/hydration""#))
            #expect(try await browser.get("/search?q=a").text.contains("Type at least 2 letters."))
            let wildcards = try await browser.get("/search?q=%25%25")
            #expect(!wildcards.text.contains("Lentil soup"), "LIKE wildcards are plain text")
            #expect(try await browser.get("/search?q=zzqx").text.contains("Nothing matches “zzqx”."))
            // Pages are found by their names in the reader's language, whoever searched before.
            let french = try await browser.get("/search?q=tableau", headers: [.acceptLanguage: "fr"])
            #expect(french.text.contains("Tableau de bord"))
            #expect(french.text.contains("Scores, aujourd’hui et actions rapides"))
            #expect(try await browser.get("/search?q=dashboard").text.contains("Scores, today and quick actions"))

            let bob = browser.fresh()
            try await bob.signUp(email: "bob@example.com", timeZone: "UTC")
            let bobs = try await bob.get("/search?q=lentil")
            #expect(!bobs.text.contains("Lentil soup"), "another person's meals never show")
            #expect(bobs.text.contains("Lentils, raw"))
        }
    }
}
