import Foundation

/// The meal of the day an entry belongs to.
public enum MealSlot: String, Sendable, Codable, CaseIterable {
    case breakfast, lunch, dinner, snack

    /// When a meal of this slot is usually eaten (hour, minute): the time given to a meal logged
    /// for an earlier day, when the person did not say when.
    public var usualTime: (hour: Int, minute: Int) {
        switch self {
        case .breakfast: (8, 0)
        case .lunch: (12, 30)
        case .dinner: (19, 0)
        case .snack: (15, 30)
        }
    }

    /// The slot for a meal eaten now: breakfast until 10:30, lunch until 15:00, a snack until 17:30,
    /// dinner until 21:30, a snack after.
    public static func likely(atMinuteOfDay minute: Int) -> MealSlot {
        switch minute {
        case 4 * 60..<(10 * 60 + 30): .breakfast
        case (10 * 60 + 30)..<(15 * 60): .lunch
        case (15 * 60)..<(17 * 60 + 30): .snack
        case (17 * 60 + 30)..<(21 * 60 + 30): .dinner
        default: .snack
        }
    }
}

/// Something the person ate, with its energy and macronutrients.
public struct FoodLogEntry: Hashable, Sendable, Codable, Identifiable {
    public let id: FoodLogEntryID
    public let consumedAt: Date
    public let meal: MealSlot
    /// What the person called it ("Oat porridge with banana"): their words, never logged.
    public let name: String
    public let grams: Double?
    public let energyKilocalories: Double
    public let proteinGrams: Double
    public let carbohydrateGrams: Double
    public let fatGrams: Double
    public let source: SampleSource
    public let sync: SyncStamp?

    public init(
        id: FoodLogEntryID, consumedAt: Date, meal: MealSlot, name: String, grams: Double? = nil,
        energyKilocalories: Double, proteinGrams: Double, carbohydrateGrams: Double, fatGrams: Double,
        source: SampleSource, sync: SyncStamp? = nil
    ) {
        self.id = id
        self.consumedAt = consumedAt
        self.meal = meal
        self.name = name
        self.grams = grams
        self.energyKilocalories = energyKilocalories
        self.proteinGrams = proteinGrams
        self.carbohydrateGrams = carbohydrateGrams
        self.fatGrams = fatGrams
        self.source = source
        self.sync = sync
    }

    public func validated() throws(ValidationError) -> FoodLogEntry {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 200 else {
            throw ValidationError.length("name", "foodName", atMost: 200)
        }
        if let grams, !(0...5_000).contains(grams) {
            throw ValidationError.range("grams", "portion", 0, 5_000, unit: " g")
        }
        guard (0...10_000).contains(energyKilocalories) else {
            throw ValidationError.range("energy", "energy", 0, 10_000, unit: " kcal")
        }
        for (field, grams) in [("protein", proteinGrams), ("carbohydrate", carbohydrateGrams), ("fat", fatGrams)] {
            guard (0...1_000).contains(grams) else {
                throw ValidationError.range(field, field, 0, 1_000, unit: " g")
            }
        }
        try SampleChecks.notBeforeEarliest(consumedAt, field: "consumedAt")
        try SampleChecks.source(source)
        try SampleChecks.sync(sync)
        return self
    }
}
