import ThriveCore

/// `GET /api/v1/plan/nutrition`: the plan with its reasons and guidance in the request's language.
struct NutritionPlanBody: Encodable {
    struct Reason: Encodable {
        let rule: String
        let message: String
    }

    let bmi: Double
    let bmiCategory: BodyMassIndex.Category
    let bmr: Int
    let tdee: Int
    let calorieFloor: Int
    let calories: Int
    let proteinGrams: Int
    let carbohydrateGrams: Int
    let fatGrams: Int
    let goal: NutritionGoal
    let targetRateKilogramsPerWeek: Double?
    let floorApplied: Bool
    let weightLossPaused: Bool
    let refeedCalories: Int?
    let refeedIntervalDays: Int?
    let goalDate: LocalDate?
    let reasons: [Reason]
    let guidance: [String]

    init(_ plan: NutritionPlan) {
        bmi = plan.bmi
        bmiCategory = plan.bmiCategory
        bmr = plan.bmr
        tdee = plan.tdee
        calorieFloor = plan.calorieFloor
        calories = plan.calories
        proteinGrams = plan.proteinGrams
        carbohydrateGrams = plan.carbohydrateGrams
        fatGrams = plan.fatGrams
        goal = plan.goal
        targetRateKilogramsPerWeek = plan.targetRateKilogramsPerWeek
        floorApplied = plan.floorApplied
        weightLossPaused = plan.weightLossPaused
        refeedCalories = plan.refeedCalories
        refeedIntervalDays = plan.refeedIntervalDays
        goalDate = plan.goalDate
        reasons = plan.reasons.map { Reason(rule: $0.rule, message: t($0.phrase)) }
        guidance = plan.guidance.map { t($0) }
    }
}
