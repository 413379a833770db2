import Foundation
import ThriveCore

/// A food as the API gives it to a person: its catalog fields, the common allergens its group and
/// name show, and what of that conflicts with the person's own allergies and diets, with the
/// warning the pages show. The flags warn; no flag never promises a food is safe.
struct FlaggedFood: Encodable {
    let food: Food
    let allergens: [Allergy]
    let conflictingAllergies: [Allergy]
    let unsuitableForDiets: [Diet]
    let warning: String?

    init(_ food: Food, warnings: FoodWarnings) {
        self.food = food
        let contained = FoodFlags.allergens(in: food)
        allergens = Allergy.allCases.filter(contained.contains)
        let conflicts = warnings.conflicts(food)
        conflictingAllergies = conflicts.compactMap { if case .allergy(let allergy) = $0 { allergy } else { nil } }
        unsuitableForDiets = conflicts.compactMap { if case .diet(let diet) = $0 { diet } else { nil } }
        warning = FoodWarnings.warning(conflicts)
    }

    private enum CodingKeys: String, CodingKey {
        case allergens, conflictingAllergies, unsuitableForDiets, warning
    }

    /// The food's own fields and the flags side by side in one object.
    func encode(to encoder: any Encoder) throws {
        try food.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(allergens, forKey: .allergens)
        try container.encode(conflictingAllergies, forKey: .conflictingAllergies)
        try container.encode(unsuitableForDiets, forKey: .unsuitableForDiets)
        try container.encodeIfPresent(warning, forKey: .warning)
    }
}
