import Foundation
import PropertyBased
import Testing
import ThriveCore

@Suite("Body mass index")
struct BodyMassIndexTests {
    @Test(arguments: [
        // Worked examples: 70 kg at 1.75 m is 22.86, shown 22.9. 68 kg at 1.65 m is 24.977: still healthy,
        // and shown 24.97, since "25.0" would read as overweight.
        (70.0, 1.75, 22.9, BodyMassIndex.Category.healthy),
        (68.0, 1.65, 24.97, .healthy),
        (56.6, 1.75, 18.48, .underweight),
        (56.5, 1.75, 18.4, .underweight),
        (91.9, 1.75, 30.0, .obeseClass1),
        (76.5, 1.75, 24.97, .healthy),
        (76.6, 1.75, 25.0, .overweight),
        (122.5, 1.75, 40.0, .obeseClass3),
    ])
    func valueAndCategory(kilograms: Double, metres: Double, shown: Double, category: BodyMassIndex.Category) throws {
        let bmi = try BodyMassIndex(weight: Mass(kilograms: kilograms), height: Length(metres: metres))
        #expect(bmi.shown == shown)
        #expect(bmi.category == category)
    }

    /// At 2 m, kg ÷ 4 is the BMI: each edge of the spec's two thresholds, unrounded.
    @Test(arguments: [
        (18.47, true, false, 18.47), (18.499, true, false, 18.49), (18.5, false, false, 18.5), (18.51, false, false, 18.5),
        (29.95, false, false, 29.95), (29.999, false, false, 29.99), (30.0, false, true, 30.0), (30.04, false, true, 30.0),
    ])
    func thresholdsCompareTheUnroundedValue(bmi value: Double, pauses: Bool, guidance: Bool, shown: Double) throws {
        let bmi = try BodyMassIndex(weight: Mass(kilograms: value * 4), height: Length(metres: 2))
        #expect(bmi.pausesWeightLoss == pauses)
        #expect(bmi.needsSpecialGuidance == guidance)
        #expect(bmi.shown == shown)
    }

    @Test func refusesImpossibleBodies() {
        #expect(throws: ValidationError.self) { try BodyMassIndex(weight: Mass(kilograms: -70), height: Length(metres: 1.7)) }
        #expect(throws: ValidationError.self) { try BodyMassIndex(weight: Mass(kilograms: 70), height: Length(metres: 0)) }
    }
}

@Suite("Nutrition engine")
struct NutritionEngineTests {
    func input(
        _ sex: BiologicalSex, age: Int, cm: Double, kg: Double, _ activity: ActivityLevel = .sedentary,
        _ goal: NutritionGoal = .maintain, rate: Double? = nil
    ) -> NutritionInput {
        NutritionInput(
            sex: sex, age: age, height: Length(centimetres: cm), weight: Mass(kilograms: kg), activity: activity, goal: goal,
            targetRateKilogramsPerWeek: rate)
    }

    @Test(arguments: [
        // Mifflin–St Jeor worked examples: 10·kg + 6.25·cm − 5·age + 5 (men) or − 161 (women).
        (BiologicalSex.male, 35, 180.0, 80.0, 1_755.0),
        (.female, 30, 165.0, 60.0, 1_320.25),
        (.female, 25, 165.0, 60.0, 1_345.25),
        (.male, 50, 175.0, 90.0, 1_748.75),
    ])
    func basalMetabolicRate(sex: BiologicalSex, age: Int, cm: Double, kg: Double, expected: Double) {
        let bmr = NutritionEngine.basalMetabolicRate(
            sex: sex, age: age, height: Length(centimetres: cm), weight: Mass(kilograms: kg))
        #expect(abs(bmr - expected) < 1e-9)
    }

    @Test(arguments: [
        (ActivityLevel.sedentary, 2_106), (.light, 2_413), (.moderate, 2_720), (.very, 3_027), (.extra, 3_335),
    ])
    func maintenanceUsesTheSpecsMultipliers(activity: ActivityLevel, tdee: Int) throws {
        let plan = try NutritionEngine.plan(for: input(.male, age: 35, cm: 180, kg: 80, activity))
        #expect(plan.bmr == 1_755)
        #expect(plan.tdee == tdee)
        #expect(abs(plan.calories - plan.tdee) <= 5, "maintenance, rounded to 10 kcal")
    }

    @Test func weightLossIsMaintenanceMinus500WithTheSpecsMacros() throws {
        let plan = try NutritionEngine.plan(for: input(.male, age: 35, cm: 180, kg: 80, .moderate, .lose))
        // 1755 × 1.55 = 2720.25; − 500 = 2220.
        #expect(plan.calories == 2_220)
        #expect(!plan.floorApplied)
        #expect(plan.proteinGrams == 167)  // 30 %
        #expect(plan.fatGrams == 74)  // 30 %
        #expect(plan.carbohydrateGrams == 222)  // the rest, ~40 %
        #expect(plan.refeedCalories == 2_500)  // 150 % of 2720 = 4080, capped at 2500
        #expect(plan.reasons.map(\.rule).contains("weight-loss-deficit"))
    }

    @Test func aTargetRateSetsTheDeficitWithinTheSafeRange() throws {
        let half = try NutritionEngine.plan(for: input(.male, age: 35, cm: 180, kg: 80, .moderate, .lose, rate: 0.5))
        #expect(half.calories == 2_170)  // 2720.25 − 0.5 × 7700 / 7 = 2170.25
        let tooFast = try NutritionEngine.plan(for: input(.male, age: 35, cm: 180, kg: 80, .moderate, .lose, rate: 1.5))
        #expect(tooFast.reasons.contains { $0.rule == "loss-rate-range" })
        // 2720.25 − 0.90718474 × 1100 = 1722 would be under this man's floor, his BMR of 1755, so the
        // plan shows the rate 1,755 kcal delivers: 965.25 × 7 / 7700 = 0.8775 kg a week, not 0.907.
        #expect(tooFast.calories == 1_755)
        #expect(tooFast.floorApplied)
        #expect(tooFast.targetRateKilogramsPerWeek == 0.877)
        #expect(tooFast.reasons.contains { $0.rule == "floor-limits-rate" })
    }

    @Test func theFloorHoldsForWomenAndMen() throws {
        // BMR 926.5 → floor 1200; sedentary maintenance 1112 − 500 would be 612.
        let woman = try NutritionEngine.plan(for: input(.female, age: 60, cm: 150, kg: 45, .sedentary, .lose))
        #expect(woman.calorieFloor == 1_200)
        #expect(woman.calories == 1_200)
        #expect(woman.floorApplied)
        #expect(woman.reasons.contains { $0.rule == "calorie-floor" })
        // A light man: BMR 1418.75 → floor 1500.
        let man = try NutritionEngine.plan(for: input(.male, age: 70, cm: 160, kg: 55, .sedentary, .lose))
        #expect(man.calorieFloor == 1_500)
        #expect(man.calories == 1_500)
        // A heavier man: the floor is his BMR (1748.75 → 1749), above 1500.
        let heavier = try NutritionEngine.plan(for: input(.male, age: 50, cm: 175, kg: 90, .sedentary, .lose, rate: 0.9))
        #expect(heavier.calorieFloor == 1_749)
        #expect(heavier.calories == 1_749)
    }

    @Test func underweightPausesWeightLossAndExplainsWhy() throws {
        let plan = try NutritionEngine.plan(for: input(.female, age: 28, cm: 170, kg: 50, .light, .lose))
        #expect(plan.bmi == 17.3)
        #expect(plan.weightLossPaused)
        #expect(plan.goal == .maintain)
        #expect(abs(plan.calories - plan.tdee) <= 5)
        #expect(plan.refeedCalories == nil)
        #expect(plan.guidance.first == Phrase("plan.guidance.underweight"), "talk with a doctor")
    }

    @Test func obesityAddsGuidanceForSteadyProgress() throws {
        let plan = try NutritionEngine.plan(for: input(.female, age: 45, cm: 165, kg: 95, .light, .lose))
        #expect(plan.bmi == 34.9)
        #expect(plan.reasons.contains { $0.rule == "bmi-30-or-more" })
        #expect(plan.guidance.contains(Phrase("plan.guidance.highBMI")), "steady progress of 0.5–1 lb a week")
    }

    @Test(arguments: [
        ([Diet.vegan], "plan.guidance.proteinVegan"), ([.vegan, .vegetarian], "plan.guidance.proteinVegan"),
        ([.vegetarian, .glutenFree], "plan.guidance.proteinVegetarian"), ([.pescatarian], nil), ([], nil),
    ])
    func aPlantBasedDietGetsProteinAdviceWithoutAnimalFoods(diets: [Diet], advice: String?) throws {
        var asked = input(.female, age: 35, cm: 165, kg: 70, .moderate, .lose)
        asked.diets = Set(diets)
        let plan = try NutritionEngine.plan(for: asked)
        let given = plan.guidance.filter { $0.key.hasPrefix("plan.guidance.protein") }
        #expect(given.map(\.key) == (advice.map { [$0] } ?? []))
        // The advice carries the plan's own protein target, the number the card shows.
        #expect(given.allSatisfy { $0.values["grams"] == .integer(plan.proteinGrams) })
    }

    @Test func proteinIsNeverUnderOneGramPerKilogram() throws {
        // 150 kg woman at 1200 kcal would get 90 g from 30 %; the minimum is 150 g.
        let plan = try NutritionEngine.plan(for: input(.female, age: 40, cm: 160, kg: 150, .sedentary, .maintain))
        #expect(plan.proteinGrams >= 150)
        let heavyFloor = try NutritionEngine.plan(for: input(.female, age: 80, cm: 150, kg: 60, .sedentary, .lose))
        #expect(heavyFloor.proteinGrams >= 60)
    }

    @Test(arguments: [
        (-60.0, 170.0, 30, "weight"), (60.0, 0.0, 30, "height"), (60.0, 170.0, 200, "age"), (.nan, 170.0, 30, "weight"),
    ])
    func impossibleInputsAreRefusedNotComputed(kg: Double, cm: Double, age: Int, field: String) {
        #expect {
            try NutritionEngine.plan(for: input(.female, age: age, cm: cm, kg: kg))
        } throws: { error in
            (error as? ValidationError)?.field == field
        }
    }

    @Test func noInputEverPlansBelowTheFloorAndMacrosAddUp() async {
        await propertyCheck(
            count: 400,
            input: Gen.bool, Gen.int(in: 13...120), Gen.double(in: 120...220), Gen.double(in: 30...250), Gen.int(in: 0...4),
            Gen.int(in: 0...2), Gen.double(in: 0.05...2), Gen.int(in: -1_000...1_000)
        ) { male, age, cm, kg, activity, goal, rate, adjustment in
            let sex: BiologicalSex = male ? .male : .female
            let input = NutritionInput(
                sex: sex, age: age, height: Length(centimetres: cm), weight: Mass(kilograms: kg),
                activity: ActivityLevel.allCases[activity], goal: NutritionGoal.allCases[goal], targetRateKilogramsPerWeek: rate,
                adaptiveAdjustment: adjustment)
            guard let plan = try? NutritionEngine.plan(for: input) else {
                Issue.record("valid input refused: \(input)")
                return
            }
            #expect(plan.calories >= plan.calorieFloor)
            #expect(plan.calorieFloor >= NutritionEngine.hardMinimum(for: sex))
            let energy = plan.proteinGrams * 4 + plan.carbohydrateGrams * 4 + plan.fatGrams * 9
            #expect(abs(energy - plan.calories) <= 10, "macros \(energy) kcal vs \(plan.calories)")
            #expect(Double(plan.proteinGrams) >= kg.rounded(.down))
            if let refeed = plan.refeedCalories { #expect(refeed >= plan.calories && refeed <= 2_500 || refeed == plan.calories) }
            // No plan shows a rate its calories cannot deliver (7,700 kcal a kg).
            if let shown = plan.targetRateKilogramsPerWeek {
                let energy = Double(plan.calories - plan.tdee) * (plan.goal == .lose ? -1 : 1)
                let deliverable = max(0, (energy + 0.5) * 7 / NutritionEngine.kilocaloriesPerKilogram)
                #expect(shown <= deliverable + 1e-9, "shows \(shown) kg a week, delivers \(deliverable)")
                #expect(shown >= 0)
            }
        }
    }
}

@Suite("Honest plan numbers")
struct HonestPlanTests {
    enum Failure: Error { case notANumber }

    /// 36, 168 cm, 70 kg, female: BMR 1,409, the floor.
    func input(
        _ activity: ActivityLevel, adjustment: Int = 0, goal: WeightGoal? = nil, today: LocalDate? = nil
    ) -> NutritionInput {
        NutritionInput(
            sex: .female, age: 36, height: Length(centimetres: 168), weight: Mass(kilograms: 70), activity: activity,
            goal: .lose, adaptiveAdjustment: adjustment, weightGoal: goal, today: today)
    }

    @Test func whenTheFloorLimitsTheDeficitThePlanShowsTheRealRate() throws {
        // Sedentary: maintenance 1,690.8, − 500 is 1,190.8, under the 1,409 floor. The real deficit is
        // 281.8 kcal a day: 0.256 kg a week, not the 0.45 the default would promise.
        let plan = try NutritionEngine.plan(for: input(.sedentary))
        #expect(plan.calories == 1_409)
        #expect(plan.targetRateKilogramsPerWeek == 0.256)
        let reason = try #require(plan.reasons.first { $0.rule == "floor-limits-rate" })
        #expect(reason.phrase.key == "plan.reason.floorLimitsRate")
        guard case .decimal(let real, 2) = reason.phrase.values["real"] else { throw Failure.notANumber }
        #expect(abs(real - 281.8 * 7 / 7_700) < 1e-9)
        // Lightly active, the default deficit fits above the floor: nothing is said.
        let light = try NutritionEngine.plan(for: input(.light))
        #expect(light.calories == 1_440)
        #expect(!light.reasons.contains { $0.rule == "floor-limits-rate" })
    }

    @Test func theMonthlyAdjustmentIsAnnouncedAsItIsApplied() throws {
        // At the floor, +100 kcal changes nothing, and the plan says it held.
        let held = try NutritionEngine.plan(for: input(.sedentary, adjustment: 100))
        #expect(held.calories == 1_409)
        #expect(held.reasons.first { $0.rule == "monthly-adjustment" }?.phrase.key == "plan.reason.adjustmentHeld")
        // A −100 the floor partly swallows: 1,440 − 100 is 1,340, raised to 1,409, so −31 was applied.
        let partly = try NutritionEngine.plan(for: input(.light, adjustment: -100))
        #expect(partly.calories == 1_409)
        #expect(
            partly.reasons.first { $0.rule == "monthly-adjustment" }?.phrase
                == Phrase("plan.reason.adjusted", ["change": .text("-31")]))
        let full = try NutritionEngine.plan(for: input(.light, adjustment: 100))
        #expect(full.calories == 1_540)
        #expect(
            full.reasons.first { $0.rule == "monthly-adjustment" }?.phrase
                == Phrase("plan.reason.adjusted", ["change": .text("+100")]))
    }

    @Test func aDatedGoalSetsTheRateAndTheDayItIsReached() throws {
        // 70 → 65 kg in 12 weeks: 0.417 kg a week, a deficit of 458 kcal from 1,937.4: 1,480 kcal, which
        // delivers 0.416 kg a week; 5 kg at that rate takes 85 days.
        let today = LocalDate(year: 2026, month: 11, day: 18)!
        let goal = WeightGoal(target: Mass(kilograms: 65), date: today.adding(days: 84))
        let plan = try NutritionEngine.plan(for: input(.light, goal: goal, today: today))
        #expect(plan.calories == 1_480)
        #expect(plan.targetRateKilogramsPerWeek == 0.415)
        #expect(plan.goalDate == today.adding(days: 85))
        #expect(plan.reasons.contains { $0.rule == "goal-date" })
        // Sedentary, the floor allows 0.256 kg a week: the same 5 kg takes 137 days, and the plan says so.
        let limited = try NutritionEngine.plan(for: input(.sedentary, goal: goal, today: today))
        #expect(limited.goalDate == today.adding(days: Int((5 / (281.8 * 7 / 7_700) * 7).rounded(.up))))
    }

    static let height = Length(centimetres: 168)
    static let today = LocalDate(year: 2026, month: 11, day: 18)!

    @Test(arguments: [
        // 12 weeks from 70 kg: 10.88 kg is 0.9067 kg a week, under 2 lb (0.9072); 10.89 is over.
        (59.12, 84, true), (59.11, 84, false), (59.2, 84, true), (59.0, 84, false),
        // BMI 18.5 at 168 cm is 52.2144 kg: 52.3 is allowed (over a long time), 52.2 is not.
        (52.3, 365, true), (52.2, 365, false),
        // At least a week ahead.
        (69.5, 7, true), (69.5, 6, false),
        // Gaining: at most 0.5 kg a week.
        (76.0, 84, true), (76.1, 84, false),
    ])
    func aDatedGoalIsRefusedWhenItIsUnsafe(target: Double, days: Int, allowed: Bool) {
        let goal = WeightGoal(target: Mass(kilograms: target), date: Self.today.adding(days: days))
        let result = Result { () throws(ValidationError) in
            try goal.validated(current: Mass(kilograms: 70), height: Self.height, today: Self.today)
        }
        #expect(((try? result.get()) != nil) == allowed)
    }

    @Test func theRefusalSaysWhyAndWhatWouldDo() {
        let goal = WeightGoal(target: Mass(kilograms: 59), date: Self.today.adding(days: 84))
        #expect {
            try goal.validated(current: Mass(kilograms: 70), height: Self.height, today: Self.today)
        } throws: { error in
            guard let error = error as? ValidationError else { return false }
            // 11 kg at 0.907 kg a week takes 13 weeks: 17 February 2027 at the earliest.
            return error.phrase.key == "invalid.goalTooFast"
                && error.phrase.values["earliest"] == .date(Self.today.adding(days: 91))
        }
        let thin = WeightGoal(target: Mass(kilograms: 50), date: Self.today.adding(days: 365))
        #expect {
            try thin.validated(current: Mass(kilograms: 70), height: Self.height, today: Self.today)
        } throws: { error in
            guard let error = error as? ValidationError else { return false }
            return error.phrase
                == Phrase("invalid.goalUnderweight", ["bmi": .decimal(17.7, digits: 1), "lowest": .decimal(52.3, digits: 1)])
        }
    }
}

@Suite("Monthly adjustment")
struct AdaptiveAdjustmentTests {
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    func plan() throws -> NutritionPlan {
        try NutritionEngine.plan(
            for: NutritionInput(
                sex: .female, age: 35, height: Length(centimetres: 168), weight: Mass(kilograms: 74), activity: .moderate,
                goal: .lose,
                targetRateKilogramsPerWeek: 0.5))
    }

    func weighIns(losingPerWeek rate: Double, days: Int = 28) -> [WeighIn] {
        (0...days).filter { $0 % 3 == 0 }.map { day in
            WeighIn(date: start + Double(day) * 86_400, kilograms: 74 - rate * Double(day) / 7)
        }
    }

    @Test(arguments: [(0.1, -200), (0.4, -100), (0.5, 0), (0.7, 100)])
    func comparesTheTrendWithTheTarget(lostPerWeek: Double, change: Int) throws {
        let decision = AdaptiveAdjustment.evaluate(
            plan: try plan(), weighIns: weighIns(losingPerWeek: lostPerWeek), lastEvaluation: nil, now: start + 28 * 86_400)
        #expect(decision.evaluated)
        #expect(decision.change == change)
        #expect(abs((decision.observedRate ?? 0) + lostPerWeek) < 1e-9)
    }

    @Test func waitsAMonthAndForEnoughWeighIns() throws {
        let early = AdaptiveAdjustment.evaluate(
            plan: try plan(), weighIns: weighIns(losingPerWeek: 0.1), lastEvaluation: start + 10 * 86_400,
            now: start + 28 * 86_400)
        #expect(!early.evaluated)
        let sparse = AdaptiveAdjustment.evaluate(
            plan: try plan(), weighIns: Array(weighIns(losingPerWeek: 0.1).prefix(3)), lastEvaluation: nil,
            now: start + 28 * 86_400)
        #expect(!sparse.evaluated)
    }

    @Test func neverReducesBelowTheFloor() throws {
        // Sedentary at 168 cm and 70 kg: the floor of 1,409 kcal allows 0.256 kg a week. Losing nothing,
        // the check would take 200 kcal, and the floor keeps the target.
        let atFloor = try NutritionEngine.plan(
            for: NutritionInput(
                sex: .female, age: 36, height: Length(centimetres: 168), weight: Mass(kilograms: 70), activity: .sedentary,
                goal: .lose))
        let decision = AdaptiveAdjustment.evaluate(
            plan: atFloor, weighIns: weighIns(losingPerWeek: 0), lastEvaluation: nil, now: start + 28 * 86_400)
        #expect(decision.change == 0)
        #expect(decision.reason?.phrase.key == "plan.adjustment.atFloor")
        #expect(decision.reason?.phrase.values["floor"] == .integer(atFloor.calorieFloor))
    }

}

@Suite("Refeed days")
struct RefeedScheduleTests {
    static let start = LocalDate(year: 2026, month: 11, day: 1)!

    @Test func twelveWeeksWithAMovedDayAndASkippedOne() throws {
        var schedule = RefeedSchedule()
        let end = Self.start.adding(days: 84)
        let days = { schedule.refeeds(start: Self.start, from: Self.start, through: end).map(\.day) }
        #expect(days() == [14, 28, 42, 56, 70, 84].map { Self.start.adding(days: $0) })
        // On day 20, the refeed of day 28 moves to day 30 (a family dinner); the one of day 42 is skipped.
        let today = Self.start.adding(days: 20)
        try schedule.change(Self.start.adding(days: 28), to: Self.start.adding(days: 30), start: Self.start, today: today)
        try schedule.change(Self.start.adding(days: 42), to: nil, start: Self.start, today: today)
        #expect(days() == [14, 30, nil, 56, 70, 84].map { $0.map { Self.start.adding(days: $0) } })
        #expect(schedule.isRefeed(Self.start.adding(days: 30), start: Self.start))
        #expect(!schedule.isRefeed(Self.start.adding(days: 28), start: Self.start))
        #expect(!schedule.isRefeed(Self.start.adding(days: 42), start: Self.start))
        #expect(schedule.isRefeed(Self.start.adding(days: 56), start: Self.start), "the ones after stay where they were")
        #expect(
            schedule.upcoming(start: Self.start, today: today).map(\.scheduled) == [28, 42].map { Self.start.adding(days: $0) })
        // Putting it back.
        try schedule.change(Self.start.adding(days: 42), to: Self.start.adding(days: 42), start: Self.start, today: today)
        #expect(schedule.isRefeed(Self.start.adding(days: 42), start: Self.start))
    }

    @Test(arguments: [(-3, true), (3, true), (-4, false), (4, false)])
    func aRefeedMovesUpToThreeDaysEitherSide(by days: Int, allowed: Bool) {
        var schedule = RefeedSchedule()
        let scheduled = Self.start.adding(days: 28)
        let result = Result { () throws(ValidationError) in
            try schedule.change(
                scheduled, to: scheduled.adding(days: days), start: Self.start, today: Self.start.adding(days: 20))
        }
        #expect(((try? result.get()) != nil) == allowed)
    }

    @Test func onlyScheduledFutureRefeedsChange() {
        var schedule = RefeedSchedule()
        #expect(throws: ValidationError.self) {
            try schedule.change(Self.start.adding(days: 27), to: nil, start: Self.start, today: Self.start)
        }
        #expect(throws: ValidationError.self) {
            try schedule.change(Self.start.adding(days: 14), to: nil, start: Self.start, today: Self.start.adding(days: 15))
        }
        #expect(throws: ValidationError.self, "not to a day already over") {
            try schedule.change(
                Self.start.adding(days: 28), to: Self.start.adding(days: 26), start: Self.start,
                today: Self.start.adding(days: 27))
        }
    }
}
