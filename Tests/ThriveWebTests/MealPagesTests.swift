import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

@Suite("Logging meals in the browser")
struct MealPagesTests {
    static let evening = ISO8601DateFormatter().date(from: "2026-11-22T19:30:00Z")!

    static func app() async throws -> TestApp {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await FoodCatalogLoader.loadIfNeeded(app.store)
        return app
    }

    /// The ID in the first "/pillars/nutrition/meals/{id}/edit" link of a page.
    static func firstEntryID(_ page: Reply) -> String? {
        let parts = page.text.components(separatedBy: "/pillars/nutrition/meals/").dropFirst()
        return parts.lazy.compactMap { part -> String? in
            let id = String(part.prefix(36))
            return UUID(uuidString: id) != nil && part.dropFirst(36).hasPrefix("/edit") ? id : nil
        }.first
    }

    @Test func searchPickAPortionLogItThenDeleteUndoAndEdit() async throws {
        let app = try await Self.app()
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let empty = try await browser.get("/pillars/nutrition/meals")
            #expect(empty.text.contains("Nothing logged for breakfast yet."))
            #expect(empty.text.contains("1,650 kcal left of your 1,650 kcal target."), "the plan of the onboarded person")

            let search = try await browser.get("/pillars/nutrition/meals/add?slot=breakfast&date=2026-11-22&q=apple+raw+skin")
            #expect(search.status == .ok)
            #expect(search.text.contains("Apples, raw, with skin"))
            #expect(search.text.contains("/pillars/nutrition/foods/09003?slot=breakfast&amp;date=2026-11-22"))

            let food = try await browser.get("/pillars/nutrition/foods/09003?slot=breakfast&date=2026-11-22")
            #expect(food.text.contains("52 kcal"), "energy per 100 g")
            #expect(food.text.contains("1 medium (3&quot; dia) (182 g)") || food.text.contains("(182 g)"))

            // Nonsense servings: the food page again, the problem beside the field, nothing logged.
            let refused = try await browser.post(
                "/pillars/nutrition/meals",
                form: [
                    ("food", "09003"), ("amount", "portion"), ("portion", "4"), ("servings", "lots"), ("slot", "breakfast"),
                    ("date", "2026-11-22"),
                ])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("Servings must be a number, like 12 or 2.5."))
            #expect(refused.text.contains(#"id="servings-error""#))
            #expect(refused.text.contains(#"value="lots""#), "what the person typed is kept")

            // One medium apple: 182 g, 95 kcal.
            let logged = try await browser.post(
                "/pillars/nutrition/meals",
                form: [
                    ("food", "09003"), ("amount", "portion"), ("portion", "4"), ("servings", "1"), ("slot", "breakfast"),
                    ("date", "2026-11-22"),
                ])
            #expect(logged.status == .seeOther)
            #expect(logged.location == "/pillars/nutrition/meals?date=2026-11-22&notice=added#slot-breakfast")
            let day = try await browser.get("/pillars/nutrition/meals?date=2026-11-22&notice=added")
            #expect(day.text.contains("Meal added."))
            #expect(day.text.contains("Apples, raw, with skin"))
            #expect(day.text.contains("182 g · 19:30"))
            #expect(day.text.contains("95 kcal"))
            let id = try #require(Self.firstEntryID(day))

            let deleted = try await browser.post("/pillars/nutrition/meals/\(id)/delete", form: [])
            #expect(deleted.location == "/pillars/nutrition/meals?date=2026-11-22&notice=deleted")
            let afterDelete = try await browser.get(deleted.location!)
            #expect(!afterDelete.text.contains("Apples, raw, with skin"))
            #expect(afterDelete.text.contains("Meal deleted."))
            #expect(afterDelete.text.contains(#"action="/pillars/nutrition/meals/undo""#))

            let undone = try await browser.post("/pillars/nutrition/meals/undo", form: [])
            #expect(undone.location == "/pillars/nutrition/meals?date=2026-11-22&notice=restored#slot-breakfast")
            let restored = try await browser.get("/pillars/nutrition/meals?date=2026-11-22")
            #expect(restored.text.contains("Apples, raw, with skin"))
            #expect(Self.firstEntryID(restored) == id, "the same meal is back, not a copy")

            // Half the apple: energy and macros follow the grams.
            let edit = try await browser.get("/pillars/nutrition/meals/\(id)/edit")
            #expect(edit.text.contains(#"value="182""#))
            let saved = try await browser.post(
                "/pillars/nutrition/meals/\(id)",
                form: [
                    ("name", "Apples, raw, with skin"), ("slot", "snack"), ("time", "16:00"), ("grams", "91"),
                    ("energy", "95"), ("protein", "0.5"), ("carbohydrate", "25.1"), ("fat", "0.3"),
                ])
            #expect(saved.location == "/pillars/nutrition/meals?date=2026-11-22&notice=updated#slot-snack")
            let meals = try await app.store.read { repositories in
                let owner = try #require(try await repositories.accounts.all().first?.id)
                return try await repositories.records(of: owner).foodLog.entries(
                    in: DateWindow(from: Self.evening.addingTimeInterval(-86_400), to: Self.evening), limit: nil)
            }
            #expect(meals.count == 1)
            #expect(meals.first?.grams == 91)
            #expect(meals.first?.energyKilocalories == 48)
            #expect(meals.first?.carbohydrateGrams == 12.6)
            #expect(meals.first?.meal == .snack)
        }
    }

    @Test func quickAddExplainsEachProblemAndRecentFoodsLogAgain() async throws {
        let app = try await Self.app()
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            try await browser.get("/pillars/nutrition/meals/add?slot=lunch")
            let blank = try await browser.post(
                "/pillars/nutrition/meals", form: [("slot", "lunch"), ("name", ""), ("energy", "450")])
            #expect(blank.status == .unprocessableContent)
            #expect(blank.text.contains("Say what you ate"))
            let nonsense = try await browser.post(
                "/pillars/nutrition/meals", form: [("slot", "lunch"), ("name", "Soup"), ("energy", "lots")])
            #expect(nonsense.text.contains("Energy must be a number"))
            #expect(nonsense.text.contains(#"value="Soup""#))
            let huge = try await browser.post(
                "/pillars/nutrition/meals", form: [("slot", "lunch"), ("name", "Soup"), ("energy", "25000")])
            #expect(huge.text.contains("Energy must be between 0 and 10,000 kcal."))

            let soup = try await browser.post(
                "/pillars/nutrition/meals",
                form: [("slot", "lunch"), ("name", "Lentil soup"), ("energy", "320"), ("protein", "18")])
            #expect(soup.status == .seeOther)
            let add = try await browser.get("/pillars/nutrition/meals/add?slot=dinner")
            #expect(add.text.contains("Recent"))
            #expect(add.text.contains("Lentil soup"))
            let again = try #require(Self.recentID(add))
            let logged = try await browser.post(
                "/pillars/nutrition/meals", form: [("slot", "dinner"), ("date", "2026-11-22"), ("again", again)])
            #expect(logged.location == "/pillars/nutrition/meals?date=2026-11-22&notice=added#slot-dinner")
            let day = try await browser.get("/pillars/nutrition/meals")
            #expect(day.text.contains("640 kcal"), "two soups: the day's total")

            // Favourites: starred on the food page, listed when adding.
            try await browser.get("/pillars/nutrition/foods/09040?slot=snack")
            let starred = try await browser.post("/pillars/nutrition/foods/09040/favourite", form: [("slot", "snack")])
            #expect(starred.status == .seeOther)
            let favourites = try await browser.get("/pillars/nutrition/meals/add?slot=snack")
            #expect(favourites.text.contains("Favourites"))
            #expect(favourites.text.contains("Bananas, raw"))
        }
    }

    @Test func aPersonCannotSeeOrChangeAnotherPersonsMeals() async throws {
        let app = try await Self.app()
        try await app.test { ann in
            try await ann.signUp(timeZone: "UTC")
            try await ann.get("/pillars/nutrition/meals/add")
            try await ann.post("/pillars/nutrition/meals", form: [("slot", "lunch"), ("name", "Ann's salad"), ("energy", "300")])
            let id = try #require(Self.firstEntryID(try await ann.get("/pillars/nutrition/meals")))

            let bob = ann.fresh()
            try await bob.signUp(email: "bob@example.com", name: "Bob", timeZone: "UTC")
            #expect(try await bob.get("/pillars/nutrition/meals/\(id)/edit").location == "/?notice=unavailable")
            try await bob.get("/pillars/nutrition/meals")
            #expect(try await bob.post("/pillars/nutrition/meals/\(id)/delete", form: []).status == .notFound)
            #expect(
                try await bob.post("/pillars/nutrition/meals/\(id)", form: [("name", "Mine"), ("energy", "1")]).status
                    == .notFound)
            #expect(!(try await bob.get("/pillars/nutrition/meals").text.contains("Ann&#39;s salad")))
            #expect(try await ann.get("/pillars/nutrition/meals").text.contains("salad"))
        }
    }

    static func recentID(_ page: Reply) -> String? {
        guard let range = page.text.range(of: #"name="again" value=""#) else { return nil }
        let rest = page.text[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
