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
}
