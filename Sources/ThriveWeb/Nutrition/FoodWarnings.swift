import Foundation
import ThriveCore
import ThriveStore

/// The person's allergies and diet, from onboarding, read once for a page of foods: each food that
/// conflicts gets a warning in words ("Check the label: flagged for you: peanuts, not vegan").
struct FoodWarnings: Sendable {
    let allergies: Set<Allergy>
    let diets: Set<Diet>

    static func load(_ owner: UserID, store: Store) async throws -> FoodWarnings {
        let details = try await store.read { try await $0.records(of: owner).documents.get(OnboardingProgress.self) }?.details
        return FoodWarnings(allergies: Set(details?.allergies ?? []), diets: Set(details?.diets ?? []))
    }

    /// The person's allergies and diets this food conflicts with.
    func conflicts(_ food: Food) -> [FoodFlags.Conflict] {
        FoodFlags.conflicts(food, allergies: allergies, diets: diets)
    }

    /// Why this food may not suit the person, or nil.
    func warning(for food: Food) -> String? {
        Self.warning(conflicts(food))
    }

    /// The conflicts in words, or nil when there are none.
    static func warning(_ conflicts: [FoodFlags.Conflict]) -> String? {
        guard !conflicts.isEmpty else { return nil }
        let items = conflicts.map { conflict -> Phrase in
            switch conflict {
            case .allergy(let allergy): Phrase("food.flag.allergy.\(allergy.rawValue)")
            case .diet(let diet): Phrase("food.flag.diet.\(diet.rawValue)")
            }
        }
        return t(Phrase("food.warning", ["items": .list(items)]))
    }
}
