import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

@Suite("Food search through the API")
struct FoodsAPITests {
    struct Found: Decodable {
        struct Item: Decodable {
            let ndbNumber: String
            let description: String
            let per100Grams: [String: Double]
            let portions: [Portion]
        }
        struct Portion: Decodable {
            let measure: String
            let grams: Double
        }
        let query: String
        let foods: [Item]
    }

    @Test func aPersonSearchesTheUSDATableAndOpensAFood() async throws {
        let app = try await TestApp.make()
        #expect(try await FoodCatalogLoader.loadIfNeeded(app.store) == 8_463)
        try await app.test { browser in
            #expect(try await browser.json(.get, "/api/v1/foods?q=apple").status == .unauthorized)
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken

            let apples = try await browser.json(.get, "/api/v1/foods?q=Apple%20RAW&limit=3", bearer: token)
            #expect(apples.status == .ok)
            let found = try apples.decode(Found.self)
            #expect(found.query == "apple raw")
            #expect(found.foods.count == 3)
            #expect(found.foods[0].description.hasPrefix("Apples, raw, with"))
            #expect(found.foods[0].portions.contains { $0.measure.hasPrefix("medium") })

            let vinegar = try await browser.json(.get, "/api/v1/foods/02069", bearer: token)
            #expect(vinegar.status == .ok)
            let balsamic = try vinegar.decode(Found.Item.self)
            #expect(balsamic.description == "Vinegar, balsamic")
            #expect(balsamic.per100Grams["energyKilocalories"] == 88)
            #expect(balsamic.per100Grams["cholesterolMilligrams"] == nil, "unknown to the USDA: absent, not 0")

            let short = try await browser.json(.get, "/api/v1/foods?q=a", bearer: token)
            #expect(short.status == .unprocessableContent)
            #expect(short.text.contains("Type at least 2 letters of a food to search for it."))
            #expect(try await browser.json(.get, "/api/v1/foods", bearer: token).status == .unprocessableContent)
            let limit = try await browser.json(.get, "/api/v1/foods?q=rice&limit=500", bearer: token)
            #expect(limit.status == .badRequest)
            #expect(limit.text.contains("from 1 to 50"))
            #expect(try await browser.json(.get, "/api/v1/foods/99999", bearer: token).status == .notFound)
            #expect(try await browser.json(.get, "/api/v1/foods/0100%27", bearer: token).status == .notFound)
            let nothing = try await browser.json(.get, "/api/v1/foods?q=zzqxv", bearer: token)
            #expect(nothing.text.contains(#""foods":[]"#))

            let document = try SchemaJSON.parse(try await browser.get("/api/v1/openapi.json").text)
            let check = SchemaCheck(document: document)
            for (reply, path) in [
                (apples, "/api/v1/foods"), (short, "/api/v1/foods"), (limit, "/api/v1/foods"),
                (vinegar, "/api/v1/foods/{ndbNumber}"),
            ] {
                try check.expectDocumented(reply, path, "get")
            }
        }
    }
}
