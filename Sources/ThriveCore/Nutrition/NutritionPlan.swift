/// One rule that shaped a plan, so the app can say why each number is what it is.
public struct PlanReason: Hashable, Sendable, Codable {
    /// A stable name for the rule, e.g. `calorie-floor`.
    public let rule: String
    /// Why, in the reader's language once the web layer renders it (`plan.reason.` keys).
    public let phrase: Phrase

    public init(rule: String, _ phrase: Phrase) {
        self.rule = rule
        self.phrase = phrase
    }
}

/// A day's nutrition targets with the reasons behind them.
public struct NutritionPlan: Hashable, Sendable, Codable {
    public let bmi: Double
    public let bmiCategory: BodyMassIndex.Category
    /// Basal metabolic rate, kcal per day (Mifflin–St Jeor).
    public let bmr: Int
    /// Total daily energy expenditure: maintenance, kcal per day.
    public let tdee: Int
    /// The lowest daily target any plan may set: the BMR, but never under 1200 (women) or 1500 (men).
    public let calorieFloor: Int
    /// The spec's hard minimum alone (1200 women, 1500 men): a finished day eaten under it is red.
    public let hardMinimum: Int
    public let calories: Int
    public let proteinGrams: Int
    public let carbohydrateGrams: Int
    public let fatGrams: Int
    /// The goal actually planned for (weight loss becomes maintenance while it is paused).
    public let goal: NutritionGoal
    public let targetRateKilogramsPerWeek: Double?
    public let floorApplied: Bool
    public let weightLossPaused: Bool
    /// A higher-calorie day every ``refeedIntervalDays`` on weight-loss plans.
    public let refeedCalories: Int?
    public let refeedIntervalDays: Int?
    /// The day the target weight is reached at ``targetRateKilogramsPerWeek``, when there is a target.
    public let goalDate: LocalDate?
    public let reasons: [PlanReason]
    /// Advice that goes with the plan (BMI ≥ 30, paused weight loss), in plain words.
    public let guidance: [Phrase]
}

extension NutritionPlan {
    /// The same plan with one more reason (a monthly check-in that happened when it was read).
    public func adding(_ reason: PlanReason) -> NutritionPlan {
        NutritionPlan(
            bmi: bmi, bmiCategory: bmiCategory, bmr: bmr, tdee: tdee, calorieFloor: calorieFloor, hardMinimum: hardMinimum,
            calories: calories,
            proteinGrams: proteinGrams, carbohydrateGrams: carbohydrateGrams, fatGrams: fatGrams, goal: goal,
            targetRateKilogramsPerWeek: targetRateKilogramsPerWeek, floorApplied: floorApplied,
            weightLossPaused: weightLossPaused,
            refeedCalories: refeedCalories, refeedIntervalDays: refeedIntervalDays, goalDate: goalDate,
            reasons: reasons + [reason],
            guidance: guidance)
    }
}
