import Foundation

/// Nutrient amounts of a quantity of food. `nil` means unknown (the source has no value), which a
/// total must not read as zero.
public struct Nutrients: Hashable, Sendable, Codable {
    public var energyKilocalories: Double?
    public var proteinGrams: Double?
    public var fatGrams: Double?
    public var carbohydrateGrams: Double?
    public var fiberGrams: Double?
    public var sugarsGrams: Double?
    public var calciumMilligrams: Double?
    public var ironMilligrams: Double?
    public var potassiumMilligrams: Double?
    public var sodiumMilligrams: Double?
    public var vitaminCMilligrams: Double?
    public var saturatedFatGrams: Double?
    public var cholesterolMilligrams: Double?

    public init(
        energyKilocalories: Double? = nil, proteinGrams: Double? = nil, fatGrams: Double? = nil,
        carbohydrateGrams: Double? = nil, fiberGrams: Double? = nil, sugarsGrams: Double? = nil,
        calciumMilligrams: Double? = nil, ironMilligrams: Double? = nil, potassiumMilligrams: Double? = nil,
        sodiumMilligrams: Double? = nil, vitaminCMilligrams: Double? = nil, saturatedFatGrams: Double? = nil,
        cholesterolMilligrams: Double? = nil
    ) {
        self.energyKilocalories = energyKilocalories
        self.proteinGrams = proteinGrams
        self.fatGrams = fatGrams
        self.carbohydrateGrams = carbohydrateGrams
        self.fiberGrams = fiberGrams
        self.sugarsGrams = sugarsGrams
        self.calciumMilligrams = calciumMilligrams
        self.ironMilligrams = ironMilligrams
        self.potassiumMilligrams = potassiumMilligrams
        self.sodiumMilligrams = sodiumMilligrams
        self.vitaminCMilligrams = vitaminCMilligrams
        self.saturatedFatGrams = saturatedFatGrams
        self.cholesterolMilligrams = cholesterolMilligrams
    }

    /// Every amount multiplied by `factor`; unknowns stay unknown.
    public func scaled(by factor: Double) -> Nutrients {
        var result = self
        for path in Self.amounts { result[keyPath: path] = self[keyPath: path].map { $0 * factor } }
        return result
    }

    /// Every amount, in the column order of the USDA table (`FoodCatalogFile.foodColumns`).
    public static var amounts: [WritableKeyPath<Nutrients, Double?>] {
        [
            \.energyKilocalories, \.proteinGrams, \.fatGrams, \.carbohydrateGrams, \.fiberGrams, \.sugarsGrams,
            \.calciumMilligrams, \.ironMilligrams, \.potassiumMilligrams, \.sodiumMilligrams, \.vitaminCMilligrams,
            \.saturatedFatGrams, \.cholesterolMilligrams,
        ]
    }
}
