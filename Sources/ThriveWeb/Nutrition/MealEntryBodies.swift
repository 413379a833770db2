import Foundation
import ThriveCore

/// A meal to log: a catalog food (`food` with `portion` and `servings`, or `grams`) or a quick add
/// (`name` and `energyKilocalories`, macronutrients optional).
struct MealEntryRequest: Codable {
    var meal: MealSlot
    var consumedAt: Date?
    var food: String?
    var portion: Int?
    var servings: Double?
    var grams: Double?
    var name: String?
    var energyKilocalories: Double?
    var proteinGrams: Double?
    var carbohydrateGrams: Double?
    var fatGrams: Double?
}

/// A logged meal as the API shows it.
struct MealEntryBody: Codable {
    let id: String
    let meal: MealSlot
    let consumedAt: Date
    let name: String
    let grams: Double?
    let energyKilocalories: Double
    let proteinGrams: Double
    let carbohydrateGrams: Double
    let fatGrams: Double

    init(_ entry: FoodLogEntry) {
        id = entry.id.rawValue.uuidString.lowercased()
        meal = entry.meal
        consumedAt = entry.consumedAt
        name = entry.name
        grams = entry.grams
        energyKilocalories = entry.energyKilocalories
        proteinGrams = entry.proteinGrams
        carbohydrateGrams = entry.carbohydrateGrams
        fatGrams = entry.fatGrams
    }
}

/// One day's meals in the person's time zone, with the day's totals.
struct MealDayBody: Codable {
    struct Totals: Codable {
        let energyKilocalories: Double
        let proteinGrams: Double
        let carbohydrateGrams: Double
        let fatGrams: Double
    }
    let date: LocalDate
    let entries: [MealEntryBody]
    let totals: Totals
    /// The person said the day's log is complete.
    let markedComplete: Bool
    /// Judged as a full day: marked, or with breakfast, lunch and dinner logged.
    let complete: Bool

    init(date: LocalDate, entries: [FoodLogEntry], marked: Bool) {
        self.date = date
        self.entries = entries.map(MealEntryBody.init)
        markedComplete = marked
        complete = FoodDay.isComplete(marked: marked, meals: Set(entries.map(\.meal)))
        totals = Totals(
            energyKilocalories: entries.map(\.energyKilocalories).reduce(0, +),
            proteinGrams: entries.map(\.proteinGrams).reduce(0, +),
            carbohydrateGrams: entries.map(\.carbohydrateGrams).reduce(0, +), fatGrams: entries.map(\.fatGrams).reduce(0, +))
    }
}
