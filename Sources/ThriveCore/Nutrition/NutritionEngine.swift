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
            PlanReason(rule: "mifflin-st-jeor", Phrase("plan.reason.bmr", ["kcal": .integer(Int(bmr.rounded()))])),
            PlanReason(
                rule: "activity-multiplier",
                Phrase(
                    "plan.reason.maintenance",
                    [
                        "kcal": .integer(Int(tdee.rounded())),
                        "factor": .decimal(input.activity.multiplier, digits: digits(of: input.activity.multiplier)),
                    ])),
        ]
        var guidance: [Phrase] = []

        var goal = input.goal
        var weightLossPaused = false
        if goal == .lose, bmi.pausesWeightLoss {
            goal = .maintain
            weightLossPaused = true
            reasons.append(
                PlanReason(
                    rule: "bmi-under-18.5",
                    Phrase("plan.reason.lossPaused", ["bmi": .decimal(bmi.shown, digits: bmi.shownDigits)])))
            guidance.append(Phrase("plan.guidance.underweight"))
        }
        if bmi.needsSpecialGuidance {
            reasons.append(
                PlanReason(
                    rule: "bmi-30-or-more", Phrase("plan.reason.highBMI", ["bmi": .decimal(bmi.shown, digits: bmi.shownDigits)])))
            guidance.append(Phrase("plan.guidance.highBMI"))
        }

        var target = tdee
        var rate: Double?
        switch goal {
        case .lose:
            if let requested = input.requestedRate {
                let kept = min(max(requested, acceptableLossRate.lowerBound), acceptableLossRate.upperBound)
                if kept != requested {
                    reasons.append(
                        PlanReason(
                            rule: "loss-rate-range",
                            Phrase(
                                "plan.reason.rateKept",
                                ["requested": .decimal(requested, digits: 2), "kept": .decimal(kept, digits: 2)])))
                }
                rate = kept
                target = tdee - kept * kilocaloriesPerKilogram / 7
                reasons.append(
                    PlanReason(
                        rule: "weight-loss-deficit",
                        Phrase(
                            "plan.reason.lossRate",
                            [
                                "kg": .decimal(kept, digits: 2),
                                "kcal": .integer(Int((kept * kilocaloriesPerKilogram / 7).rounded())),
                            ])))
            } else {
                rate = defaultDeficit * 7 / kilocaloriesPerKilogram
                target = tdee - defaultDeficit
                reasons.append(
                    PlanReason(rule: "weight-loss-deficit", Phrase("plan.reason.lossDefault")))
            }
        case .gain:
            if let requested = input.requestedRate {
                let kept = min(requested, maximumGainRate)
                rate = kept
                target = tdee + kept * kilocaloriesPerKilogram / 7
                reasons.append(
                    PlanReason(
                        rule: "muscle-gain-surplus",
                        Phrase(
                            "plan.reason.gainRate",
                            [
                                "kg": .decimal(kept, digits: 2),
                                "kcal": .integer(Int((kept * kilocaloriesPerKilogram / 7).rounded())),
                            ])))
            } else {
                rate = defaultSurplus * 7 / kilocaloriesPerKilogram
                target = tdee + defaultSurplus
                reasons.append(
                    PlanReason(rule: "muscle-gain-surplus", Phrase("plan.reason.gainDefault")))
            }
        case .maintain:
            if !weightLossPaused {
                reasons.append(PlanReason(rule: "maintenance", Phrase("plan.reason.keep")))
            }
        }

        // The floor applies to the target before and after the monthly adjustment: what the adjustment
        // really changed is the difference, so a +100 the floor swallows is never announced as +100.
        let unadjusted = max(floor, Int((target / 10).rounded()) * 10)
        var calories = Int(((target + Double(input.adaptiveAdjustment)) / 10).rounded()) * 10
        var floorApplied = false
        if calories < floor {
            calories = floor
            floorApplied = true
            reasons.append(
                PlanReason(
                    rule: "calorie-floor",
                    Phrase("plan.reason.floor", ["floor": .integer(floor), "minimum": .integer(hardMinimum(for: input.sex))])))
        }
        if input.adaptiveAdjustment != 0 {
            let applied = calories - unadjusted
            reasons.append(
                PlanReason(
                    rule: "monthly-adjustment",
                    applied == 0
                        ? Phrase("plan.reason.adjustmentHeld", ["change": .text(signed(input.adaptiveAdjustment))])
                        : Phrase("plan.reason.adjusted", ["change": .text(signed(applied))])))
        }

        // The rate shown is one the calories can deliver (7,700 kcal a kg): when the floor keeps the
        // deficit smaller than asked, the plan says so and shows the real rate.
        if goal != .maintain, let requested = rate {
            let surplus = (Double(calories) - tdee) * (goal == .lose ? -1 : 1)
            let deliverable = max(0, surplus * 7 / kilocaloriesPerKilogram)
            if deliverable < requested {
                rate = deliverable
                // Rounding to 10 kcal can shave a little off any rate; only the floor is worth a word.
                if goal == .lose, floorApplied {
                    reasons.append(
                        PlanReason(
                            rule: "floor-limits-rate",
                            Phrase(
                                deliverable < 0.005 ? "plan.reason.floorStopsLoss" : "plan.reason.floorLimitsRate",
                                [
                                    "requested": .decimal(requested, digits: 2), "real": .decimal(deliverable, digits: 2),
                                    "floor": .integer(floor),
                                ])))
                }
            }
        }
        let goalDate = Self.goalDate(input: input, goal: goal, rate: rate)
        if let goalDate, let target = input.targetWeight {
            reasons.append(
                PlanReason(
                    rule: "goal-date",
                    Phrase(
                        "plan.reason.goalDate",
                        ["weight": .decimal(target.kilograms, digits: 1), "date": .date(goalDate)])))
        }

        let macros = split(calories: calories, goal: goal, weight: input.weight, reasons: &reasons)

        var refeed: Int?
        if goal == .lose {
            let ceiling = min(Int((tdee * 1.5).rounded()), input.refeedCap)
            refeed = max(ceiling, calories)
            reasons.append(
                PlanReason(
                    rule: "refeed-day",
                    Phrase("plan.reason.refeed", ["kcal": .integer(refeed!), "cap": .integer(input.refeedCap)])))
        }

        if let advice = proteinAdvice(grams: macros.protein, diets: input.diets) { guidance.append(advice) }

        return NutritionPlan(
            bmi: bmi.shown, bmiCategory: bmi.category, bmr: Int(bmr.rounded()), tdee: Int(tdee.rounded()),
            calorieFloor: floor, hardMinimum: hardMinimum(for: input.sex), calories: calories, proteinGrams: macros.protein,
            carbohydrateGrams: macros.carbohydrate,
            fatGrams: macros.fat, goal: goal, targetRateKilogramsPerWeek: rate.map { ($0 * 1_000).rounded(.down) / 1_000 },
            floorApplied: floorApplied, weightLossPaused: weightLossPaused, refeedCalories: refeed,
            refeedIntervalDays: refeed == nil ? nil : refeedIntervalDays, goalDate: goalDate, reasons: reasons,
            guidance: guidance)
    }

    /// When the target weight would be reached at `rate`, counted from the input's day; nil without a
    /// target, a day, or a rate that moves towards it.
    static func goalDate(input: NutritionInput, goal: NutritionGoal, rate: Double?) -> LocalDate? {
        guard let target = input.targetWeight, let today = input.today, let rate, rate > 0.000_5 else { return nil }
        let distance = goal == .lose ? input.weight.kilograms - target.kilograms : target.kilograms - input.weight.kilograms
        guard distance > 0 else { return nil }
        return today.adding(days: Int((distance / rate * 7).rounded(.up)))
    }

    /// Where a plant-based diet finds the day's protein (spec 004: no animal protein forced on
    /// anyone): vegan from legumes, soy and grains; vegetarian adds eggs and dairy. Other diets need
    /// no advice of their own.
    static func proteinAdvice(grams: Int, diets: Set<Diet>) -> Phrase? {
        let key =
            diets.contains(.vegan)
            ? "plan.guidance.proteinVegan" : diets.contains(.vegetarian) ? "plan.guidance.proteinVegetarian" : nil
        return key.map { Phrase($0, ["grams": .integer(grams)]) }
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
                PlanReason(rule: "protein-minimum", Phrase("plan.reason.protein", ["grams": .integer(Int(protein))])))
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
                Phrase(
                    "plan.reason.macros",
                    [
                        "protein": .integer(Int(protein)), "carbohydrate": .integer(Int(carbohydrate)), "fat": .integer(Int(fat)),
                        "proteinShare": .integer(Int(share.protein * 100)),
                        "carbohydrateShare": .integer(Int(share.carbohydrate * 100)), "fatShare": .integer(Int(share.fat * 100)),
                    ])))
        return (Int(protein), Int(carbohydrate), Int(fat))
    }

    /// Decimals a factor needs to be shown exactly: 1.2, 1.375, 1.55.
    private static func digits(of value: Double) -> Int {
        (0...3).first { digits in
            let scaled = value * pow(10, Double(digits))
            return abs(scaled - scaled.rounded()) < 1e-9
        } ?? 3
    }

    private static func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : "\(value)" }
}
