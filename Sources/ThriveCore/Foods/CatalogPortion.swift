import Foundation

extension FoodLogEntry {
    /// An entry for `grams` of a catalog food, its energy and macronutrients scaled from the USDA's
    /// values per 100 g. A macronutrient the USDA has no value for counts as 0 g; a food without an
    /// energy value cannot be logged this way (quick add is the way then).
    public static func portion(
        of food: Food, grams: Double, meal: MealSlot, at time: Date, id: FoodLogEntryID, source: SampleSource
    ) throws(ValidationError) -> FoodLogEntry {
        guard grams.isFinite, (1...5_000).contains(grams) else {
            throw ValidationError.range("grams", "portion", 1, 5_000, unit: " g")
        }
        let amounts = food.nutrients(inGrams: grams)
        guard let energy = amounts.energyKilocalories else {
            throw ValidationError.because("food", "noEnergy")
        }
        func rounded(_ value: Double?) -> Double { ((value ?? 0) * 10).rounded() / 10 }
        return try FoodLogEntry(
            id: id, consumedAt: time, meal: meal, name: String(food.description.prefix(200)), grams: grams,
            energyKilocalories: energy.rounded(), proteinGrams: rounded(amounts.proteinGrams),
            carbohydrateGrams: rounded(amounts.carbohydrateGrams), fatGrams: rounded(amounts.fatGrams), source: source
        ).validated()
    }
}
