import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

@Suite("Meals through the API")
struct MealEntriesAPITests {
    static let evening = ISO8601DateFormatter().date(from: "2026-11-22T19:30:00Z")!

    struct Meal: Decodable {
        let id: String
        let meal: String
        let name: String
        let grams: Double?
        let energyKilocalories: Double
        let proteinGrams: Double
        let carbohydrateGrams: Double
        let fatGrams: Double
    }
    struct Day: Decodable {
        struct Totals: Decodable {
            let energyKilocalories: Double
            let proteinGrams: Double
        }
        let date: String
        let entries: [Meal]
        let totals: Totals
    }

    @Test func aPersonLogsFromTheCatalogAndByQuickAddThenEditsAndDeletes() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await FoodCatalogLoader.loadIfNeeded(app.store)
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            let path = "/api/v1/entries/meals"

            // One medium apple (USDA 09003, portion 4 = 182 g): 52 kcal per 100 g × 1.82 = 94.6 kcal.
            let apple = try await browser.json(
                .post, path, #"{"meal":"breakfast","consumedAt":"2026-11-22T08:00:00Z","food":"09003","portion":4}"#,
                bearer: token)
            #expect(apple.status == .created, "\(apple.text)")
            let logged = try apple.decode(Meal.self)
            #expect(logged.name == "Apples, raw, with skin")
            #expect(logged.grams == 182)
            #expect(logged.energyKilocalories == 95)
            #expect(logged.carbohydrateGrams == 25.1)
            #expect(logged.proteinGrams == 0.5)
            #expect(logged.fatGrams == 0.3)

            let sandwich = try await browser.json(
                .post, path,
                #"{"meal":"lunch","consumedAt":"2026-11-22T12:30:00Z","name":"Cheese sandwich","energyKilocalories":450,"proteinGrams":20}"#,
                bearer: token)
            #expect(sandwich.status == .created)
            let lunch = try sandwich.decode(Meal.self)
            #expect(lunch.carbohydrateGrams == 0)
            let yesterday = try await browser.json(
                .post, path, #"{"meal":"snack","consumedAt":"2026-11-21T21:00:00Z","food":"01001","grams":10}"#, bearer: token)
            #expect(yesterday.status == .created)

            let day = try await browser.json(.get, path, bearer: token).decode(Day.self)
            #expect(day.date == "2026-11-22")
            #expect(day.entries.map(\.name) == ["Apples, raw, with skin", "Cheese sandwich"])
            #expect(day.totals.energyKilocalories == 545)
            #expect(try await browser.json(.get, path + "?date=2026-11-21", bearer: token).decode(Day.self).entries.count == 1)

            let edited = try await browser.json(
                .put, path + "/\(logged.id)",
                #"{"meal":"breakfast","consumedAt":"2026-11-22T08:00:00Z","food":"09003","grams":100}"#,
                bearer: token)
            #expect(edited.status == .ok)
            #expect(try edited.decode(Meal.self).energyKilocalories == 52)
            #expect(try edited.decode(Meal.self).id == logged.id)

            let deleted = try await browser.json(.delete, path + "/\(lunch.id)", bearer: token)
            #expect(deleted.status == .ok)
            #expect(try deleted.decode(Meal.self).name == "Cheese sandwich", "the answer carries the meal, for undo")
            #expect(try await browser.json(.delete, path + "/\(lunch.id)", bearer: token).status == .notFound)
            let after = try await browser.json(.get, path, bearer: token).decode(Day.self)
            #expect(after.entries.map(\.energyKilocalories) == [52])

            // Another person can neither see nor change Ann's meals.
            let other = browser.fresh()
            try await other.signUp(email: "bob@example.com")
            let bob = try await other.apiLogin(email: "bob@example.com").accessToken
            #expect(try await other.json(.get, path, bearer: bob).decode(Day.self).entries.isEmpty)
            #expect(
                try await other.json(
                    .put, path + "/\(logged.id)", #"{"meal":"lunch","name":"x","energyKilocalories":1}"#, bearer: bob
                )
                .status == .notFound)
            #expect(try await other.json(.delete, path + "/\(logged.id)", bearer: bob).status == .notFound)
            #expect(try await browser.json(.get, path, bearer: token).decode(Day.self).entries.count == 1)

            // Undo brings the deleted meal back as it was, once; Bob's undo cannot reach Ann's meal.
            #expect(try await other.json(.post, path + "/undo-delete", bearer: bob).status == .notFound)
            let undone = try await browser.json(.post, path + "/undo-delete", bearer: token)
            #expect(undone.status == .created)
            #expect(try undone.decode(Meal.self).id == lunch.id)
            #expect(try await browser.json(.get, path, bearer: token).decode(Day.self).entries.count == 2)
            #expect(try await browser.json(.post, path + "/undo-delete", bearer: token).status == .notFound)

            let invalid = try await browser.json(.post, path, #"{"meal":"lunch","food":"09003"}"#, bearer: token)
            let document = try SchemaJSON.parse(try await browser.get("/api/v1/openapi.json").text)
            let check = SchemaCheck(document: document)
            for (reply, route, method) in [
                (apple, path, "post"), (invalid, path, "post"), (try await browser.json(.get, path, bearer: token), path, "get"),
                (edited, path + "/{id}", "put"), (deleted, path + "/{id}", "delete"), (undone, path + "/undo-delete", "post"),
            ] {
                try check.expectDocumented(reply, route, method)
            }
        }
    }

    @Test(arguments: [
        (#"{"meal":"brunch","name":"x","energyKilocalories":1}"#, HTTPResponse.Status.badRequest, "meal"),
        (#"{"meal":"lunch","food":"99999","grams":100}"#, .unprocessableContent, "There is no food 99999 in the catalog."),
        (#"{"meal":"lunch","food":"09003"}"#, .unprocessableContent, "a portion of the food (with servings) or grams"),
        (#"{"meal":"lunch","food":"09003","portion":4,"grams":50}"#, .unprocessableContent, "one of the two"),
        (#"{"meal":"lunch","food":"09003","portion":42}"#, .unprocessableContent, "has no portion 42"),
        (
            #"{"meal":"lunch","food":"09003","portion":1,"servings":0}"#, .unprocessableContent,
            "Servings must be between 0.1 and 50."
        ),
        (#"{"meal":"lunch","food":"09003","grams":0}"#, .unprocessableContent, "Portion must be between 1 and 5,000 g."),
        (#"{"meal":"lunch","food":"09003","grams":100,"name":"Apple"}"#, .badRequest, "not both"),
        (#"{"meal":"lunch","name":"Soup"}"#, .unprocessableContent, "quick add with a name and its energy"),
        (
            #"{"meal":"lunch","name":"Soup","energyKilocalories":-5}"#, .unprocessableContent,
            "Energy must be between 0 and 10,000 kcal."
        ),
        (
            #"{"meal":"lunch","name":"  ","energyKilocalories":100}"#, .unprocessableContent,
            "Food name must be 1 to 200 characters."
        ),
        (#"{"meal":"lunch","name":"Soup","energyKilocalories":100,"consumedAt":"2026-11-23T09:00:00Z"}"#, .badRequest, "future"),
    ])
    func badMealsAreRefusedWithAReason(body: String, status: HTTPResponse.Status, message: String) async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await FoodCatalogLoader.loadIfNeeded(app.store)
        try await app.test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            let reply = try await browser.json(.post, "/api/v1/entries/meals", body, bearer: token)
            #expect(reply.status == status, "\(reply.text)")
            #expect(reply.text.contains(message), "\(reply.text)")
            #expect(try await browser.json(.get, "/api/v1/entries/meals", bearer: token).text.contains(#""entries":[]"#))
        }
    }
}
