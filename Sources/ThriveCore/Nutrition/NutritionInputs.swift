/// How active a person is, with the spec's TDEE multipliers (spec 004, section 7; "active" spans
/// 1.725–1.9, split into `very` and `extra`).
public enum ActivityLevel: String, Sendable, Codable, CaseIterable {
    case sedentary, light, moderate, very, extra

    public var multiplier: Double {
        switch self {
        case .sedentary: 1.2
        case .light: 1.375
        case .moderate: 1.55
        case .very: 1.725
        case .extra: 1.9
        }
    }

}

/// What the person wants their weight to do.
public enum NutritionGoal: String, Sendable, Codable, CaseIterable {
    case lose, maintain, gain
}

/// Everything the nutrition engine needs about a person.
public struct NutritionInput: Hashable, Sendable {
    public var sex: BiologicalSex
    public var age: Int
    public var height: Length
    public var weight: Mass
    public var activity: ActivityLevel
    public var goal: NutritionGoal
    /// Kilograms per week to lose (or gain); `nil` uses the spec's defaults.
    public var targetRateKilogramsPerWeek: Double?
    /// Net kcal per day from monthly adaptive adjustments, applied on top of the computed target.
    public var adaptiveAdjustment: Int
    /// The person's own ceiling for a refeed day, within the spec's 2000–2500 kcal.
    public var refeedCap: Int
    /// A weight to reach by a date: sets the rate in place of `targetRateKilogramsPerWeek`.
    public var weightGoal: WeightGoal?
    /// The day the plan is made, for the rate to a dated goal and the day it is reached.
    public var today: LocalDate?
    /// The person's diets: a plant-based one gets protein advice without animal foods.
    public var diets: Set<Diet> = []

    public var targetWeight: Mass? { weightGoal?.target }

    /// The weekly rate asked for: the dated goal's, else the one chosen.
    public var requestedRate: Double? {
        if let weightGoal, let today { return weightGoal.rate(from: weight, today: today) }
        return targetRateKilogramsPerWeek
    }

    public init(
        sex: BiologicalSex, age: Int, height: Length, weight: Mass, activity: ActivityLevel, goal: NutritionGoal,
        targetRateKilogramsPerWeek: Double? = nil, adaptiveAdjustment: Int = 0, refeedCap: Int = 2_500,
        weightGoal: WeightGoal? = nil, today: LocalDate? = nil, diets: Set<Diet> = []
    ) {
        self.diets = diets
        self.weightGoal = weightGoal
        self.today = today
        self.sex = sex
        self.age = age
        self.height = height
        self.weight = weight
        self.activity = activity
        self.goal = goal
        self.targetRateKilogramsPerWeek = targetRateKilogramsPerWeek
        self.adaptiveAdjustment = adaptiveAdjustment
        self.refeedCap = refeedCap
    }

    /// Refuses values no body has, with a message naming the field.
    public func validated() throws(ValidationError) -> NutritionInput {
        guard (13...120).contains(age) else {
            throw ValidationError.wholeNumber("age", "age", 13, 120)
        }
        guard height.metres.isFinite, (0.5...2.5).contains(height.metres) else {
            throw ValidationError.range("height", "height", 50, 250, unit: " cm")
        }
        guard weight.kilograms.isFinite, (20...400).contains(weight.kilograms) else {
            throw ValidationError.range("weight", "weight", 20, 400, unit: " kg")
        }
        if let rate = targetRateKilogramsPerWeek, !(rate.isFinite && rate > 0 && rate <= 2) {
            throw ValidationError.because("targetRate", "targetRate")
        }
        guard (2_000...2_500).contains(refeedCap) else {
            throw ValidationError.range("refeedCap", "refeedCap", 2_000, 2_500, unit: " kcal")
        }
        guard (-2_000...2_000).contains(adaptiveAdjustment) else {
            throw ValidationError.because("adaptiveAdjustment", "adjustment")
        }
        return self
    }
}
