import Foundation
import PropertyBased
import Testing
import ThriveCore

@Suite("Body mass index")
struct BodyMassIndexTests {
    @Test(arguments: [
        // Worked examples: 70 kg at 1.75 m is 22.9; 68 kg at 1.65 m is 24.98, reported and classed as 25.0.
        (70.0, 1.75, 22.9, BodyMassIndex.Category.healthy),
        (68.0, 1.65, 25.0, .overweight),
        (56.6, 1.75, 18.5, .healthy),
        (56.5, 1.75, 18.4, .underweight),
        (91.9, 1.75, 30.0, .obeseClass1),
        (76.5, 1.75, 25.0, .overweight),
        (122.5, 1.75, 40.0, .obeseClass3),
    ])
    func valueAndCategory(kilograms: Double, metres: Double, rounded: Double, category: BodyMassIndex.Category) throws {
        let bmi = try BodyMassIndex(weight: Mass(kilograms: kilograms), height: Length(metres: metres))
        #expect(bmi.rounded == rounded)
        #expect(bmi.category == category)
    }

    @Test func thresholdsDecideWeightLossAndGuidance() throws {
        // 18.5 exactly does not pause; 30 exactly needs guidance.
        let atPause = try BodyMassIndex(weight: Mass(kilograms: 18.5 * 4), height: Length(metres: 2))
        #expect(!atPause.pausesWeightLoss)
        let atThirty = try BodyMassIndex(weight: Mass(kilograms: 120), height: Length(metres: 2))
        #expect(atThirty.needsSpecialGuidance)
        let below = try BodyMassIndex(weight: Mass(kilograms: 119.7), height: Length(metres: 2))  // 29.9
        #expect(!below.needsSpecialGuidance)
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
        #expect(tooFast.targetRateKilogramsPerWeek == 0.907)
        #expect(tooFast.reasons.contains { $0.rule == "loss-rate-range" })
        // 2720.25 − 0.90718474 × 1100 = 1722 would be under this man's floor, his BMR of 1755.
        #expect(tooFast.calories == 1_755)
        #expect(tooFast.floorApplied)
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
        let atFloor = try NutritionEngine.plan(
            for: NutritionInput(
                sex: .female, age: 60, height: Length(centimetres: 150), weight: Mass(kilograms: 45), activity: .sedentary,
                goal: .lose))
        let decision = AdaptiveAdjustment.evaluate(
            plan: atFloor, weighIns: weighIns(losingPerWeek: 0), lastEvaluation: nil, now: start + 28 * 86_400)
        #expect(decision.change == 0)
        #expect(decision.reason?.phrase.key == "plan.adjustment.atFloor")
        #expect(decision.reason?.phrase.values["floor"] == .integer(atFloor.calorieFloor))
    }

    @Test func refeedDaysComeEveryTwoWeeks() {
        let start = LocalDate(year: 2026, month: 11, day: 1)!
        let days = (1...42).filter { AdaptiveAdjustment.isRefeedDay(start.adding(days: $0), planStart: start) }
        #expect(days == [14, 28, 42])
    }
}
