import Foundation
import ThriveCore

/// Editing a logged meal: what it was, when, which meal, how much, and its energy and macros.
/// Changing only the grams scales energy and macronutrients with it, as a label would.
struct MealEditPage: Sendable {
    let id: String
    var target: MealTarget
    var name: String
    var time: String
    var grams: String
    var energy: String
    var protein: String
    var carbohydrate: String
    var fat: String
    var errors = FormErrors()
    private(set) var fields: [InputField] = []
    private(set) var nameField: InputField?
    private(set) var timeField: InputField?
    private(set) var gramsField: InputField?

    init(entry: FoodLogEntry, zone: TimeZone) {
        id = entry.id.description
        target = MealTarget(slot: entry.meal, date: LocalDate(entry.consumedAt, in: zone))
        name = entry.name
        time = DisplayFormat.time(entry.consumedAt, in: zone)
        grams = entry.grams.map { DisplayFormat.decimal($0) } ?? ""
        energy = DisplayFormat.decimal(entry.energyKilocalories, digits: 0)
        protein = DisplayFormat.decimal(entry.proteinGrams)
        carbohydrate = DisplayFormat.decimal(entry.carbohydrateGrams)
        fat = DisplayFormat.decimal(entry.fatGrams)
    }

    /// The page as the template needs it, with each field's value and error.
    func finished() -> MealEditPage {
        var page = self
        page.nameField = InputField(
            "name", t("meal.whatYouAte"), value: name, errors: errors, decimal: false, maxLength: 200)
        page.timeField = InputField("time", t("entry.time"), value: time, errors: errors, type: "time", decimal: false)
        page.gramsField = InputField(
            "grams", t("meal.grams"), unit: t("onboarding.unit.optional"), value: grams, errors: errors,
            hint: t("mealEdit.gramsHint"), narrow: true)
        page.fields = [
            InputField("energy", t("plan.energy"), unit: "kcal", value: energy, errors: errors),
            InputField("protein", t("metric.protein"), unit: "g", value: protein, errors: errors),
            InputField("carbohydrate", t("meal.carbs"), unit: "g", value: carbohydrate, errors: errors),
            InputField("fat", t("plan.fat"), unit: "g", value: fat, errors: errors),
        ]
        return page
    }

    /// Takes what the person typed, keeping it to show again if it is refused.
    mutating func take(_ form: FormFields) {
        name = form["name"] ?? name
        time = form["time"] ?? time
        grams = form["grams"] ?? grams
        energy = form["energy"] ?? energy
        protein = form["protein"] ?? protein
        carbohydrate = form["carbohydrate"] ?? carbohydrate
        fat = form["fat"] ?? fat
        if let slot = form.text("slot").flatMap(MealSlot.init) { target = MealTarget(slot: slot, date: target.date) }
    }

    func request(original: FoodLogEntry, zone: TimeZone, now: Date) throws -> MealEntryRequest {
        let newGrams = try FormFields.number(grams, field: "grams", label: t("meal.grams"))
        guard let newEnergy = try FormFields.number(energy, field: "energy", label: t("plan.energy")) else {
            throw ValidationError(field: "energy", message: t("mealError.mealEnergy"))
        }
        var values = (
            energy: newEnergy, protein: try FormFields.number(protein, field: "protein", label: t("metric.protein")) ?? 0,
            carbohydrate: try FormFields.number(carbohydrate, field: "carbohydrate", label: t("plan.carbohydrate")) ?? 0,
            fat: try FormFields.number(fat, field: "fat", label: t("plan.fat")) ?? 0
        )
        let energyUnchanged =
            DisplayFormat.decimal(original.energyKilocalories, digits: 0) == energy.trimmingCharacters(in: .whitespaces)
        if energyUnchanged, let before = original.grams, before > 0, let after = newGrams, after != before {
            let factor = after / before
            func scaled(_ value: Double) -> Double { (value * factor * 10).rounded() / 10 }
            values = (
                (original.energyKilocalories * factor).rounded(), scaled(original.proteinGrams),
                scaled(original.carbohydrateGrams), scaled(original.fatGrams)
            )
        }
        return MealEntryRequest(
            meal: target.slot, consumedAt: try ManualEntries.moment(time, on: target.date, zone: zone), grams: newGrams,
            name: name,
            energyKilocalories: values.energy, proteinGrams: values.protein, carbohydrateGrams: values.carbohydrate,
            fatGrams: values.fat)
    }
}
