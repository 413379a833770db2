import Foundation
import Testing
import ThriveCore

/// Allergen and diet flags for hand-picked USDA foods, named and grouped as the table has them.
@Suite("Food flags")
struct FoodFlagsTests {
    static func food(_ description: String, _ group: String, common: String? = nil) -> Food {
        Food(
            ndbNumber: "00000", description: description, foodGroup: group, commonNames: common,
            per100Grams: Nutrients(energyKilocalories: 100, proteinGrams: 1, fatGrams: 1, carbohydrateGrams: 1))
    }

    static let peanutButter = food("Peanut butter, smooth style, with salt", "Legumes and Legume Products")
    static let tofu = food(
        "Tofu, soft, prepared with calcium sulfate and magnesium chloride (nigari)", "Legumes and Legume Products")
    static let cheddar = food("Cheese, cheddar", "Dairy and Egg Products")
    static let shrimp = food("Crustaceans, shrimp, mixed species, raw", "Finfish and Shellfish Products")
    static let bread = food("Bread, whole-wheat, commercially prepared", "Baked Products")
    static let apple = food("Apples, raw, with skin", "Fruits and Fruit Juices")
    static let salmon = food("Fish, salmon, Atlantic, farmed, raw", "Finfish and Shellfish Products")
    static let egg = food("Egg, whole, raw, fresh", "Dairy and Egg Products")
    static let almonds = food("Nuts, almonds", "Nut and Seed Products")
    static let tahini = food("Seeds, sesame butter, tahini, from raw and stone ground kernels", "Nut and Seed Products")
    static let bacon = food("Pork, cured, bacon, unprepared", "Pork Products")
    static let eggplant = food("Eggplant, raw", "Vegetables and Vegetable Products")
    static let tofuYogurt = food("Tofu yogurt", "Legumes and Legume Products")
    static let tofuMayonnaise = food("Mayonnaise, made with tofu", "Fats and Oils")
    static let coconutMilk = food(
        "Nuts, coconut milk, raw (liquid expressed from grated meat and water)", "Nut and Seed Products")

    static let expected: [(Food, Set<Allergy>)] = [
        (peanutButter, [.peanuts]), (tofu, [.soy]), (cheddar, [.milk]), (shrimp, [.shellfish]), (bread, [.wheat]),
        (apple, []), (salmon, [.fish]), (egg, [.eggs]), (almonds, [.treeNuts]), (tahini, [.sesame]), (eggplant, []),
        (coconutMilk, []), (tofuYogurt, [.soy]), (tofuMayonnaise, [.soy]),
    ]

    @Test(arguments: expected)
    func theCommonAllergensAreReadFromGroupAndName(food: Food, allergens: Set<Allergy>) {
        #expect(FoodFlags.allergens(in: food) == allergens, "\(food.description)")
    }

    @Test func aPersonSeesOnlyTheirOwnConflicts() {
        #expect(FoodFlags.conflicts(Self.peanutButter, allergies: [.peanuts, .milk], diets: []) == [.allergy(.peanuts)])
        #expect(FoodFlags.conflicts(Self.apple, allergies: Set(Allergy.allCases), diets: Set(Diet.allCases)).isEmpty)
        // Tofu suits a vegan; cheddar does not, but suits a vegetarian.
        #expect(FoodFlags.conflicts(Self.tofu, allergies: [], diets: [.vegan]).isEmpty)
        #expect(FoodFlags.conflicts(Self.cheddar, allergies: [], diets: [.vegan, .vegetarian]) == [.diet(.vegan)])
        #expect(FoodFlags.conflicts(Self.cheddar, allergies: [], diets: [.dairyFree]) == [.diet(.dairyFree)])
        // Shrimp: not vegetarian, fine for a pescatarian, not kosher.
        #expect(
            FoodFlags.conflicts(Self.shrimp, allergies: [.shellfish], diets: [.vegetarian, .pescatarian, .kosher])
                == [.allergy(.shellfish), .diet(.vegetarian), .diet(.kosher)])
        #expect(FoodFlags.conflicts(Self.bread, allergies: [], diets: [.glutenFree]) == [.diet(.glutenFree)])
        #expect(
            FoodFlags.conflicts(Self.bacon, allergies: [], diets: [.halal, .kosher, .pescatarian])
                == [.diet(.pescatarian), .diet(.halal), .diet(.kosher)])
    }
}
