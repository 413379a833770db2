import Foundation

/// A generic food from the USDA Standard Reference (release 26), with its nutrients per 100 g of
/// edible portion. A nutrient the USDA has no value for is `nil`, never zero.
public struct Food: Hashable, Sendable, Codable {
    /// The USDA's stable number, five digits with leading zeros ("01001").
    public let ndbNumber: String
    public let description: String
    public let foodGroup: String
    public let commonNames: String?
    public let manufacturer: String?
    public let per100Grams: Nutrients
    /// Household measures ("1 cup, chopped" = 160 g), in the USDA's order.
    public var portions: [FoodPortion]

    public init(
        ndbNumber: String, description: String, foodGroup: String, commonNames: String? = nil, manufacturer: String? = nil,
        per100Grams: Nutrients, portions: [FoodPortion] = []
    ) {
        self.ndbNumber = ndbNumber
        self.description = description
        self.foodGroup = foodGroup
        self.commonNames = commonNames
        self.manufacturer = manufacturer
        self.per100Grams = per100Grams
        self.portions = portions
    }

    /// The nutrients in `grams` of this food.
    public func nutrients(inGrams grams: Double) -> Nutrients {
        per100Grams.scaled(by: grams / 100)
    }
}

/// A household measure of a food: `amount` × `measure` weighs `grams`.
public struct FoodPortion: Hashable, Sendable, Codable {
    public let sequence: Int
    public let amount: Double
    public let measure: String
    public let grams: Double

    public init(sequence: Int, amount: Double, measure: String, grams: Double) {
        self.sequence = sequence
        self.amount = amount
        self.measure = measure
        self.grams = grams
    }
}
