import Foundation
import Testing
import ThriveCore
import ThriveStore

@Suite("Food catalog in the store")
struct FoodCatalogStoreTests {
    @Test(arguments: TestStores.kinds)
    func theUSDATableLoadsOnceAndSearchFindsFoodsByTheirWords(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            #expect(try await FoodCatalogLoader.loadIfNeeded(store) == 8_463)
            #expect(try await FoodCatalogLoader.loadIfNeeded(store) == 0, "a second start loads nothing")
            #expect(try await store.read { try await $0.foods.count() } == 8_463)

            let apples = try await store.read { try await $0.foods.search(FoodSearchQuery("apple raw"), limit: 5) }
            #expect(apples.first?.description.hasPrefix("Apples, raw, with") == true, "not Rose-apples or Custard-apples first")
            #expect(apples.allSatisfy { $0.description.lowercased().contains("apple") && $0.description.contains("raw") })
            #expect([48, 52].contains(apples.first?.per100Grams.energyKilocalories), "with skin 52 kcal, without 48")
            #expect(apples.first?.portions.contains { $0.measure.contains("medium") } == true)

            let typing = try await store.read { try await $0.foods.search(FoodSearchQuery("chicken brea"), limit: 10) }
            #expect(typing.count == 10, "the last word is a prefix: 'brea' finds breast (and breaded)")
            #expect(typing.allSatisfy { $0.description.hasPrefix("Chicken") && $0.description.lowercased().contains("brea") })
            #expect(typing.contains { $0.description.lowercased().contains("breast") })

            let butter = try await store.read { try await $0.foods.food(ndbNumber: "01001") }
            #expect(butter?.description == "Butter, salted")
            #expect(butter?.portions.map(\.grams) == [5.0, 14.2, 227.0, 113.0])
            #expect(try await store.read { try await $0.foods.food(ndbNumber: "99999") } == nil)
            #expect(try await store.read { try await $0.foods.search(FoodSearchQuery("zzqx"), limit: 5) }.isEmpty)
        }
    }

    /// The names people use come first: "oatmeal" and "porridge" are cooked oats, not the breads,
    /// cookies and baby foods whose descriptions hold the word; a name still being typed counts.
    @Test(arguments: TestStores.kinds)
    func everydayNamesFindThePlainFoodFirst(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            try await FoodCatalogLoader.loadIfNeeded(store)
            func first(_ text: String, _ count: Int = 1) async throws -> [String] {
                try await store.read { try await $0.foods.search(FoodSearchQuery(text), limit: 10) }.prefix(count).map(
                    \.ndbNumber)
            }
            #expect(try await first("oatmeal") == ["08121"], "Cereals, oats, …, cooked with water")
            #expect(try await first("porridge", 2) == ["08121", "08120"], "cooked first, then porridge oats")
            #expect(try await first("oatm") == ["08121"])
            #expect(try await first("rice") == ["20045"], "cooked white rice, not rice cakes")
            #expect(try await first("greek yog") == ["01256"])
            let oatmeal = try await store.read { try await $0.foods.search(FoodSearchQuery("oatmeal"), limit: 10) }
            #expect(oatmeal.count == 10, "the products with the word follow")
            #expect(Set(oatmeal.map(\.ndbNumber)).count == 10, "each food once")

            // A new release's names replace the ones a database holds, at the next start.
            try await store.write { try await $0.foods.replaceNames(with: [FoodName(name: "oatmeal", ndbNumber: "01001")]) }
            #expect(try await first("oatmeal") == ["01001"])
            try await FoodCatalogLoader.loadIfNeeded(store)
            #expect(try await first("oatmeal") == ["08121"])
            #expect(try await store.read { try await $0.foods.names() }.count == (try FoodCatalogLoader.bundledNames()).count)
        }
    }
}
