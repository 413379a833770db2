import Foundation

/// Daily calorie and macro targets, by the rules of spec 004 (sections 6, 7 and 21):
///
/// - **BMR**: Mifflin–St Jeor, `10·kg + 6.25·cm − 5·age + 5` for men and `… − 161` for women.
/// - **TDEE** (maintenance): BMR × activity multiplier (1.2, 1.375, 1.55, 1.725, 1.9).
/// - **Goal**: weight loss = maintenance − 500 kcal by default, or the deficit for the chosen rate
///   (7700 kcal per kg), with the rate kept within the spec's 0.5–2 lb (0.23–0.91 kg) a week. Muscle
///   gain (not quantified by the spec; our choice, stated in the reasons) = maintenance + 250 kcal, or the
///   surplus for the chosen rate up to 0.5 kg a week.
/// - **Floor**: no target is ever under the BMR, nor under 1200 kcal (women) / 1500 kcal (men).
/// - **BMI**: under 18.5 weight loss is paused (planned as maintenance); from 30 guidance puts health and
///   steady progress first.
/// - **Macros**: weight loss 30 % protein / 40 % carbohydrate / 30 % fat; muscle gain 30 / 45 / 25
///   (both inside the spec's ranges); maintenance 25 / 45 / 30 (our choice, inside public-health ranges).
///   Protein is never under 1 g per kg of body weight; what it takes is taken from carbohydrate.
/// - **Refeed**: on weight-loss plans, every 14 days, at most 150 % of maintenance and at most the
///   person's cap (2000–2500 kcal), never below the day's normal target.
public enum NutritionEngine {
    public static let kilocaloriesPerKilogram = 7_700.0
    public static let defaultDeficit = 500.0
    public static let defaultSurplus = 250.0
    /// 0.5 and 2 lb a week.
    public static let acceptableLossRate = (0.5 * Mass.kilogramsPerPound)...(2 * Mass.kilogramsPerPound)
    public static let maximumGainRate = 0.5
    public static let refeedIntervalDays = 14

    /// Mifflin–St Jeor basal metabolic rate in kcal per day.
    public static func basalMetabolicRate(sex: BiologicalSex, age: Int, height: Length, weight: Mass) -> Double {
        let base = 10 * weight.kilograms + 6.25 * height.centimetres - 5 * Double(age)
        return base + (sex == .male ? 5 : -161)
    }

    /// The spec's hard minimum for a day's target.
    public static func hardMinimum(for sex: BiologicalSex) -> Int {
        sex == .female ? 1_200 : 1_500
    }

    /// The floor: BMR-derived, never under the hard minimum.
    public static func calorieFloor(sex: BiologicalSex, bmr: Double) -> Int {
        max(hardMinimum(for: sex), Int(bmr.rounded()))
    }

    public static func plan(for rawInput: NutritionInput) throws(ValidationError) -> NutritionPlan {
        let input = try rawInput.validated()
        let bmi = try BodyMassIndex(weight: input.weight, height: input.height)
        let bmr = basalMetabolicRate(sex: input.sex, age: input.age, height: input.height, weight: input.weight)
        let tdee = bmr * input.activity.multiplier
        let floor = calorieFloor(sex: input.sex, bmr: bmr)
        var reasons = [
            PlanReason(
                rule: "mifflin-st-jeor",
                message:
                    "Your basal metabolic rate is \(Int(bmr.rounded())) kcal (Mifflin–St Jeor for your sex, age, height and weight)."
            ),
            PlanReason(
                rule: "activity-multiplier",
                message:
                    "Maintenance is \(Int(tdee.rounded())) kcal: your BMR × \(input.activity.multiplier) for a \(input.activity.rawValue) activity level."
            ),
        ]
        var guidance: [String] = []

        var goal = input.goal
        var weightLossPaused = false
        if goal == .lose, bmi.pausesWeightLoss {
            goal = .maintain
            weightLossPaused = true
            reasons.append(
                PlanReason(
                    rule: "bmi-under-18.5",
                    message:
                        "Weight loss is paused: your BMI is \(bmi.rounded), under 18.5. The plan keeps your weight steady instead."
                ))
            guidance.append(
                "With a BMI under 18.5, losing weight could harm your health. Please talk with a doctor before changing how much you eat."
            )
        }
        if bmi.needsSpecialGuidance {
            reasons.append(
                PlanReason(
                    rule: "bmi-30-or-more",
                    message: "Your BMI is \(bmi.rounded): the plan puts your health and steady, safe progress first."))
            guidance.append(
                "Aim for steady progress of about 0.5–1 lb (0.25–0.5 kg) a week, and check with your doctor before starting a new diet or exercise plan."
            )
        }

        var target = tdee
        var rate: Double?
        switch goal {
        case .lose:
            if let requested = input.targetRateKilogramsPerWeek {
                let kept = min(max(requested, acceptableLossRate.lowerBound), acceptableLossRate.upperBound)
                if kept != requested {
                    reasons.append(
                        PlanReason(
                            rule: "loss-rate-range",
                            message: String(
                                format:
                                    "Your target of %.2f kg a week was set to %.2f kg, inside the safe range of 0.5–2 lb (0.23–0.91 kg) a week.",
                                requested, kept)))
                }
                rate = kept
                target = tdee - kept * kilocaloriesPerKilogram / 7
                reasons.append(
                    PlanReason(
                        rule: "weight-loss-deficit",
                        message:
                            "To lose \(format(kept)) kg a week: maintenance − \(Int((kept * kilocaloriesPerKilogram / 7).rounded())) kcal."
                    ))
            } else {
                rate = defaultDeficit * 7 / kilocaloriesPerKilogram
                target = tdee - defaultDeficit
                reasons.append(
                    PlanReason(rule: "weight-loss-deficit", message: "To lose weight: maintenance − 500 kcal, about 1 lb a week.")
                )
            }
        case .gain:
            if let requested = input.targetRateKilogramsPerWeek {
                let kept = min(requested, maximumGainRate)
                rate = kept
                target = tdee + kept * kilocaloriesPerKilogram / 7
                reasons.append(
                    PlanReason(
                        rule: "muscle-gain-surplus",
                        message:
                            "To gain \(format(kept)) kg a week (at most 0.5): maintenance + \(Int((kept * kilocaloriesPerKilogram / 7).rounded())) kcal."
                    ))
            } else {
                rate = defaultSurplus * 7 / kilocaloriesPerKilogram
                target = tdee + defaultSurplus
                reasons.append(
                    PlanReason(rule: "muscle-gain-surplus", message: "To build muscle: maintenance + 250 kcal, a lean surplus."))
            }
        case .maintain:
            if !weightLossPaused {
                reasons.append(PlanReason(rule: "maintenance", message: "To keep your weight: eat your maintenance calories."))
            }
        }

        if input.adaptiveAdjustment != 0 {
            target += Double(input.adaptiveAdjustment)
            reasons.append(
                PlanReason(
                    rule: "monthly-adjustment",
                    message:
                        "Monthly check-ins of your weight trend have adjusted the target by \(signed(input.adaptiveAdjustment)) kcal."
                ))
        }

        var calories = Int((target / 10).rounded()) * 10
        var floorApplied = false
        if calories < floor {
            calories = floor
            floorApplied = true
            reasons.append(
                PlanReason(
                    rule: "calorie-floor",
                    message:
                        "Raised to your floor of \(floor) kcal: no plan goes below your BMR or \(hardMinimum(for: input.sex)) kcal a day."
                ))
        }

        let macros = split(calories: calories, goal: goal, weight: input.weight, reasons: &reasons)

        var refeed: Int?
        if goal == .lose {
            let ceiling = min(Int((tdee * 1.5).rounded()), input.refeedCap)
            refeed = max(ceiling, calories)
            reasons.append(
                PlanReason(
                    rule: "refeed-day",
                    message:
                        "Every 14 days you may have a refeed day of up to \(refeed!) kcal (at most 150 % of maintenance and your \(input.refeedCap) kcal cap)."
                ))
        }

        return NutritionPlan(
            bmi: bmi.rounded, bmiCategory: bmi.category, bmr: Int(bmr.rounded()), tdee: Int(tdee.rounded()),
            calorieFloor: floor, calories: calories, proteinGrams: macros.protein, carbohydrateGrams: macros.carbohydrate,
            fatGrams: macros.fat, goal: goal, targetRateKilogramsPerWeek: rate.map { ($0 * 1_000).rounded() / 1_000 },
            floorApplied: floorApplied, weightLossPaused: weightLossPaused, refeedCalories: refeed,
            refeedIntervalDays: refeed == nil ? nil : refeedIntervalDays, reasons: reasons, guidance: guidance)
    }

    /// Energy shares (protein, carbohydrate, fat) for each goal.
    static func shares(for goal: NutritionGoal) -> (protein: Double, carbohydrate: Double, fat: Double) {
        switch goal {
        case .lose: (0.30, 0.40, 0.30)
        case .gain: (0.30, 0.45, 0.25)
        case .maintain: (0.25, 0.45, 0.30)
        }
    }

    private static func split(
        calories: Int, goal: NutritionGoal, weight: Mass, reasons: inout [PlanReason]
    ) -> (protein: Int, carbohydrate: Int, fat: Int) {
        let share = shares(for: goal)
        let energy = Double(calories)
        var protein = (energy * share.protein / 4).rounded()
        let minimumProtein = weight.kilograms.rounded(.up)
        if protein < minimumProtein {
            protein = minimumProtein
            reasons.append(
                PlanReason(
                    rule: "protein-minimum",
                    message: "Protein raised to \(Int(protein)) g: at least 1 g per kg of your body weight."))
        }
        var fat = (energy * share.fat / 9).rounded()
        var carbohydrate = ((energy - protein * 4 - fat * 9) / 4).rounded()
        if carbohydrate < 0 {
            // Only at extreme weights: give fat back to its 20 % minimum before carbohydrate goes negative.
            fat = (energy * 0.20 / 9).rounded()
            carbohydrate = max(0, ((energy - protein * 4 - fat * 9) / 4).rounded())
        }
        reasons.append(
            PlanReason(
                rule: "macro-split",
                message:
                    "Macros: \(Int(protein)) g protein, \(Int(carbohydrate)) g carbohydrate, \(Int(fat)) g fat (\(Int(share.protein * 100)) / \(Int(share.carbohydrate * 100)) / \(Int(share.fat * 100)) % of energy for your goal)."
            ))
        return (Int(protein), Int(carbohydrate), Int(fat))
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }
    private static func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : "\(value)" }
}
