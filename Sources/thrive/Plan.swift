import ArgumentParser
import Foundation
import ThriveCore
import ThriveWeb

struct Plan: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Work out plans without an account.",
        subcommands: [Nutrition.self])

    struct Nutrition: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Daily calories and macros from the nutrition engine, with the reasons behind each number.",
            discussion: """
                BMR by Mifflin–St Jeor, maintenance by activity multiplier, a deficit or surplus for the goal, \
                the calorie floor (never under the BMR, 1200 kcal for women, 1500 kcal for men), protein at least \
                1 g per kg, weight loss paused under a BMI of 18.5.
                """)

        @Option(help: "female or male (the formulas need biological sex).")
        var sex: BiologicalSex

        @Option(help: "Age in whole years (13–120).")
        var age: Int

        @Option(name: .customLong("height-cm"), help: "Height in centimetres (50–250).")
        var heightCentimetres: Double

        @Option(name: .customLong("weight-kg"), help: "Weight in kilograms (20–400).")
        var weightKilograms: Double

        @Option(help: "sedentary, light, moderate, very or extra.")
        var activity: ActivityLevel

        @Option(help: "lose, maintain or gain.")
        var goal: NutritionGoal

        @Option(name: .customLong("target-rate-kg-per-week"), help: "How fast to lose or gain, in kg a week.")
        var targetRate: Double?

        @Flag(help: "Print JSON instead of text.")
        var json = false

        func run() throws {
            let input = NutritionInput(
                sex: sex, age: age, height: Length(centimetres: heightCentimetres), weight: Mass(kilograms: weightKilograms),
                activity: activity, goal: goal, targetRateKilogramsPerWeek: targetRate)
            let plan: NutritionPlan
            do {
                plan = try NutritionEngine.plan(for: input)
            } catch {
                throw ExitMessage(error.message)
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                encoder.keyEncodingStrategy = .convertToSnakeCase
                print(String(decoding: try encoder.encode(NutritionPlanJSON(plan)), as: UTF8.self))
            } else {
                print(
                    """
                    BMI \(plan.bmi) (\(plan.bmiCategory.title)) · BMR \(plan.bmr) kcal · maintenance \(plan.tdee) kcal
                    Target \(plan.calories) kcal a day (floor \(plan.calorieFloor)): \(plan.proteinGrams) g protein, \(plan.carbohydrateGrams) g carbohydrate, \(plan.fatGrams) g fat
                    """)
                if let refeed = plan.refeedCalories {
                    print("Refeed day every \(plan.refeedIntervalDays ?? 14) days: up to \(refeed) kcal")
                }
                print("Why:")
                for reason in plan.reasons { print("  - \(reason.message)") }
                for advice in plan.guidance { print("Note: \(advice.text)") }
            }
        }
    }
}

/// The CLI's JSON shape: encoded with snake_case keys, for scripts.
struct NutritionPlanJSON: Encodable {
    let bmi: Double
    let bmiCategory: String
    let bmr: Int
    let tdee: Int
    let calorieFloor: Int
    let calories: Int
    let proteinG: Int
    let carbsG: Int
    let fatG: Int
    let goal: String
    let targetRateKgPerWeek: Double?
    let floorApplied: Bool
    let weightLossPaused: Bool
    let refeedCalories: Int?
    let reasons: [String]
    let guidance: [String]

    init(_ plan: NutritionPlan) {
        bmi = plan.bmi
        bmiCategory = plan.bmiCategory.rawValue
        bmr = plan.bmr
        tdee = plan.tdee
        calorieFloor = plan.calorieFloor
        calories = plan.calories
        proteinG = plan.proteinGrams
        carbsG = plan.carbohydrateGrams
        fatG = plan.fatGrams
        goal = plan.goal.rawValue
        targetRateKgPerWeek = plan.targetRateKilogramsPerWeek
        floorApplied = plan.floorApplied
        weightLossPaused = plan.weightLossPaused
        refeedCalories = plan.refeedCalories
        reasons = plan.reasons.map(\.message)
        guidance = plan.guidance.map(\.text)
    }
}

extension BiologicalSex: ExpressibleByArgument {}
extension ActivityLevel: ExpressibleByArgument {}
extension NutritionGoal: ExpressibleByArgument {}
