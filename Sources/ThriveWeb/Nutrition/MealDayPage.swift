import Foundation
import ThriveCore

/// One day's meals by slot, with the day's totals against the plan and the notice of what just
/// happened (added, changed, deleted with undo).
struct MealDayPage: Sendable {
    struct Entry: Sendable {
        let id: String
        let name: String
        let detail: String
        let energy: String
        let macros: String
    }

    struct Slot: Sendable {
        let slot: String
        let name: String
        /// "Add to breakfast", "Ajouter au petit-déjeuner": the preposition and article go with the meal.
        let addLabel: String
        let emptyText: String
        let energy: String
        let entries: [Entry]
        let isEmpty: Bool
    }

    struct Total: Sendable {
        let name: String
        let eaten: String
        let target: String?
        let percent: Int?
    }

    let date: String
    let dateLabel: String
    let isToday: Bool
    let previous: String
    let next: String?
    let slots: [Slot]
    let totals: [Total]
    let energyLine: String
    let notice: String?
    let canUndo: Bool
    let completion: Completion

    /// Whether the day is fully logged, and the button that marks or unmarks it.
    struct Completion: Sendable {
        let text: String
        let isComplete: Bool
        /// What the form sends ("true" to mark, "false" to unmark); nil when its meals make it complete.
        let value: String?
        let buttonLabel: String?
    }

    var charts: [MetricChartView] = []

    init(
        date: LocalDate, today: LocalDate, entries: [FoodLogEntry], plan: NutritionPlan?, zone: TimeZone, notice: EntryNotice?,
        marked: Bool = false
    ) {
        self.date = date.description
        dateLabel =
            date == today ? t("common.today") : DisplayFormat.longDate(date.start(in: zone).addingTimeInterval(43_200), in: zone)
        isToday = date == today
        previous = date.adding(days: -1).description
        next = date < today ? date.adding(days: 1).description : nil
        slots = MealSlot.allCases.map { slot in
            let meals = entries.filter { $0.meal == slot }
            return Slot(
                slot: slot.rawValue, name: slot.heading, addLabel: t("meal.addTo.\(slot.rawValue)"),
                emptyText: t("meals.empty.\(slot.rawValue)"),
                energy: DisplayFormat.kilocalories(meals.map(\.energyKilocalories).reduce(0, +)),
                entries: meals.map { Self.entry($0, zone: zone) }, isEmpty: meals.isEmpty)
        }
        let eaten = entries.map(\.energyKilocalories).reduce(0, +)
        func total(_ name: String, _ value: Double, _ target: Int?, _ format: (Double) -> String) -> Total {
            Total(
                name: name, eaten: format(value), target: target.map { format(Double($0)) },
                percent: target.flatMap { $0 > 0 ? min(100, Int((value / Double($0) * 100).rounded())) : nil })
        }
        totals = [
            total(t("meals.total.energy"), eaten, plan?.calories, DisplayFormat.kilocalories),
            total(t("meals.total.protein"), entries.map(\.proteinGrams).reduce(0, +), plan?.proteinGrams, DisplayFormat.grams),
            total(
                t("meals.total.carbohydrate"), entries.map(\.carbohydrateGrams).reduce(0, +), plan?.carbohydrateGrams,
                DisplayFormat.grams),
            total(t("meals.total.fat"), entries.map(\.fatGrams).reduce(0, +), plan?.fatGrams, DisplayFormat.grams),
        ]
        if let target = plan?.calories {
            let left = Double(target) - eaten
            energyLine =
                left >= 0
                ? t(
                    "meals.left",
                    ["left": DisplayFormat.kilocalories(left), "target": DisplayFormat.kilocalories(Double(target))])
                : t(
                    "meals.over",
                    ["over": DisplayFormat.kilocalories(-left), "target": DisplayFormat.kilocalories(Double(target))])
        } else {
            energyLine = t("meals.needsProfile")
        }
        self.notice = notice?.text(for: "entry.meal")
        canUndo = notice == .deleted
        completion = Self.completion(marked: marked, meals: Set(entries.map(\.meal)))
    }

    static func completion(marked: Bool, meals: Set<MealSlot>) -> Completion {
        if marked {
            return Completion(
                text: t("meals.complete.marked"), isComplete: true, value: "false", buttonLabel: t("meals.complete.unmark"))
        }
        if FoodDay.isComplete(marked: false, meals: meals) {
            return Completion(text: t("meals.complete.byMeals"), isComplete: true, value: nil, buttonLabel: nil)
        }
        return Completion(
            text: t("meals.complete.open"), isComplete: false, value: "true", buttonLabel: t("meals.complete.mark"))
    }

    static func entry(_ entry: FoodLogEntry, zone: TimeZone) -> Entry {
        let amount = entry.grams.map { DisplayFormat.grams($0) + " · " } ?? ""
        return Entry(
            id: entry.id.description, name: entry.name, detail: amount + DisplayFormat.time(entry.consumedAt, in: zone),
            energy: DisplayFormat.kilocalories(entry.energyKilocalories),
            macros: t(
                "meals.entryMacros",
                [
                    "protein": DisplayFormat.grams(entry.proteinGrams), "carbs": DisplayFormat.grams(entry.carbohydrateGrams),
                    "fat": DisplayFormat.grams(entry.fatGrams),
                ])
        )
    }
}
