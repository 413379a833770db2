import Foundation
import ThriveCore

/// The slot and day a meal is being added to, carried from page to page.
struct MealTarget: Sendable {
    struct Option: Sendable {
        let value: String
        let name: String
        let selected: Bool
    }

    let slot: MealSlot
    let date: LocalDate
    // Stored, not computed: templates see stored properties only.
    let slotValue: String
    /// "Add to breakfast", in the request's language.
    let title: String
    let dateValue: String
    let slotOptions: [Option]
    /// Query string for links that keep the slot and day.
    let query: String

    init(slot: MealSlot, date: LocalDate) {
        self.slot = slot
        self.date = date
        slotValue = slot.rawValue
        title = t("meal.addTo.\(slot.rawValue)")
        dateValue = date.description
        slotOptions = MealSlot.allCases.map { Option(value: $0.rawValue, name: $0.title, selected: $0 == slot) }
        query = "slot=\(slot.rawValue)&date=\(date.description)"
    }
}

/// A food from the catalog in a list: its name, group and energy per 100 g.
struct FoodListItem: Sendable {
    let ndbNumber: String
    let name: String
    let group: String
    let energy: String
    /// Why it may not suit the person (their allergies and diet), if it may not.
    let warning: String?

    init(_ food: Food, warning: String? = nil) {
        self.warning = warning
        ndbNumber = food.ndbNumber
        name = food.description
        group = food.foodGroup
        energy =
            food.per100Grams.energyKilocalories.map { t("food.energyPer100g", ["energy": DisplayFormat.kilocalories($0)]) }
            ?? t("food.energyUnknown")
    }
}

/// Adding to a meal: search the catalog, pick a favourite or a recent food, or quick add.
struct MealAddPage: Sendable {
    struct Recent: Sendable {
        let id: String
        let name: String
        let detail: String
    }

    struct QuickAdd: Sendable {
        var name = ""
        var energy = ""
        var protein = ""
        var carbohydrate = ""
        var fat = ""
    }

    let target: MealTarget
    var query = ""
    var searched = false
    var results: [FoodListItem] = []
    var favourites: [FoodListItem] = []
    var recent: [Recent] = []
    var quickAdd = QuickAdd()
    var errors = FormErrors()
    /// Quick add works offline: the meal is kept on the device and sent when online.
    var offline: OfflineForm?
    // Set by `finished()` for the template, which sees stored properties only.
    private(set) var noResults = false
    private(set) var resultCount = ""
    private(set) var hasFavourites = false
    private(set) var hasRecent = false
    private(set) var nameField: InputField?
    private(set) var amountFields: [InputField] = []

    func finished() -> MealAddPage {
        var page = self
        page.noResults = searched && results.isEmpty && !errors.hasAny
        page.resultCount = t(Phrase("mealAdd.found", ["count": .integer(results.count)]))
        page.hasFavourites = !favourites.isEmpty
        page.hasRecent = !recent.isEmpty
        page.nameField = InputField(
            "name", t("meal.whatYouAte"), value: quickAdd.name, errors: errors, decimal: false, maxLength: 200)
        page.amountFields = [
            InputField("energy", t("plan.energy"), unit: "kcal", value: quickAdd.energy, errors: errors),
            InputField("protein", t("metric.protein"), unit: "g", value: quickAdd.protein, errors: errors),
            InputField("carbohydrate", t("meal.carbs"), unit: "g", value: quickAdd.carbohydrate, errors: errors),
            InputField("fat", t("plan.fat"), unit: "g", value: quickAdd.fat, errors: errors),
        ]
        return page
    }

    static func recent(_ entry: FoodLogEntry) -> Recent {
        let amount = entry.grams.map { DisplayFormat.grams($0) + " · " } ?? ""
        return Recent(
            id: entry.id.description, name: entry.name, detail: amount + DisplayFormat.kilocalories(entry.energyKilocalories))
    }
}

/// One catalog food: its nutrients per 100 g and a form to log a portion of it.
struct FoodPage: Sendable {
    struct Amount: Sendable {
        let name: String
        let value: String
    }

    struct PortionOption: Sendable {
        let sequence: Int
        let label: String
        let selected: Bool
    }

    let target: MealTarget
    let ndbNumber: String
    let name: String
    let group: String
    let per100Grams: [Amount]
    let portions: [PortionOption]
    let hasPortions: Bool
    let isFavourite: Bool
    var servings = "1"
    var grams = ""
    var useGrams: Bool
    var errors = FormErrors()
    /// Why it may not suit the person, shown before they log it.
    var warning: String?

    init(food: Food, target: MealTarget, isFavourite: Bool, selectedPortion: Int? = nil) {
        self.target = target
        ndbNumber = food.ndbNumber
        name = food.description
        group = food.foodGroup
        let values = food.per100Grams
        let rows: [(String, Double?, (Double) -> String)] = [
            (t("plan.energy"), values.energyKilocalories, DisplayFormat.kilocalories),
            (t("metric.protein"), values.proteinGrams, DisplayFormat.grams),
            (t("plan.carbohydrate"), values.carbohydrateGrams, DisplayFormat.grams),
            (t("plan.fat"), values.fatGrams, DisplayFormat.grams),
            (t("meal.fibre"), values.fiberGrams, DisplayFormat.grams),
            (t("meal.sugars"), values.sugarsGrams, DisplayFormat.grams),
            (t("meal.sodium"), values.sodiumMilligrams, { "\(DisplayFormat.decimal($0, digits: 0)) mg" }),
        ]
        per100Grams = rows.map { Amount(name: $0.0, value: $0.1.map($0.2) ?? t("common.unknown")) }
        let first = selectedPortion ?? food.portions.first?.sequence
        portions = food.portions.map { portion in
            PortionOption(
                sequence: portion.sequence,
                label:
                    "\(DisplayFormat.decimal(portion.amount, digits: 2)) \(portion.measure) (\(DisplayFormat.grams(portion.grams)))",
                selected: portion.sequence == first)
        }
        hasPortions = !food.portions.isEmpty
        useGrams = food.portions.isEmpty
        self.isFavourite = isFavourite
    }
}
