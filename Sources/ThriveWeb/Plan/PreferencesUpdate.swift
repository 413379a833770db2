import Foundation
import ThriveCore

/// `PUT /api/v1/plan/preferences`: fields that are sent change, the rest stay.
struct PreferencesUpdate: Codable, Sendable {
    struct Training: Codable, Sendable {
        var emphasis: TrainingPreferences.Emphasis?
        var sessionsPerWeek: Int?
        var sessionMinutes: Int?
        var equipment: [Equipment]?
        var injuries: [InjuryArea]?
        var buildMuscle: Bool?
        var skipWarmUp: Bool?
        var seriousCondition: Bool?
        /// A measured maximum heart rate in bpm; 0 removes it (the alert then estimates 220 − age).
        var maximumHeartRate: Int?
        /// The person's smallest load steps.
        var loadSteps: LoadSteps?
        /// `true` drops the person's own steps for the common ones of their units.
        var commonLoadSteps: Bool?

        /// `current` with the fields sent changed, not yet checked.
        func applied(to current: TrainingPreferences) -> TrainingPreferences {
            var result = current
            if let emphasis { result.emphasis = emphasis }
            if let sessionsPerWeek { result.sessionsPerWeek = sessionsPerWeek }
            if let sessionMinutes { result.sessionMinutes = sessionMinutes }
            if let equipment { result.equipment = Set(equipment) }
            if let injuries { result.injuries = Set(injuries) }
            if let buildMuscle { result.buildMuscle = buildMuscle }
            if let skipWarmUp { result.skipWarmUp = skipWarmUp }
            if let seriousCondition { result.seriousCondition = seriousCondition }
            if let maximumHeartRate { result.maximumHeartRate = maximumHeartRate == 0 ? nil : maximumHeartRate }
            if let loadSteps { result.loadSteps = loadSteps }
            if commonLoadSteps == true { result.loadSteps = nil }
            return result
        }
    }

    /// A weight to reach by a date; both together.
    struct Goal: Codable, Sendable {
        var targetKilograms: Double
        var date: LocalDate
    }

    /// What a dated goal is checked against: the person's body today.
    struct Body: Sendable {
        let weight: Mass?
        let height: Length?
        let today: LocalDate
    }

    var activity: ActivityLevel?
    var goal: NutritionGoal?
    var targetRateKilogramsPerWeek: Double?
    var refeedCap: Int?
    var training: Training?
    /// A weight to reach by a date: it sets the goal (lose or gain) and the weekly rate.
    var weightGoal: Goal?
    /// `true` removes the dated goal (the goal and rate stay as they are).
    var removeWeightGoal: Bool?
    /// Preferred source name per metric (a HealthKit type identifier); an empty name removes the choice.
    var preferredSources: [String: String]?

    func applied(to current: PlanPreferences, body: Body) throws(ValidationError) -> PlanPreferences {
        var result = current
        if removeWeightGoal == true { result.weightGoal = nil }
        if let weightGoal {
            guard let weight = body.weight, let height = body.height else {
                throw ValidationError(field: "weightGoal", Phrase("invalid.goalNeedsBody"))
            }
            let goal = try WeightGoal(target: Mass(kilograms: weightGoal.targetKilograms), date: weightGoal.date)
                .validated(current: weight, height: height, today: body.today)
            result.weightGoal = goal
            result.goal = goal.direction(from: weight)
            result.targetRateKilogramsPerWeek = nil
        }
        if let activity { result.activity = activity }
        if let goal { result.goal = goal }
        if let rate = targetRateKilogramsPerWeek {
            guard rate.isFinite, rate > 0, rate <= 2 else {
                throw ValidationError(
                    field: "targetRateKilogramsPerWeek", Phrase("invalid.targetRate"))
            }
            result.targetRateKilogramsPerWeek = rate
        }
        if let refeedCap {
            guard (2_000...2_500).contains(refeedCap) else {
                throw ValidationError(field: "refeedCap", message: "A refeed day's ceiling must be between 2000 and 2500 kcal.")
            }
            result.refeedCap = refeedCap
        }
        if let training {
            do {
                result.training = try training.applied(to: result.training).validated()
                // A new emphasis is reviewed a month after it was chosen.
                if result.training.emphasis != current.training.emphasis { result.emphasisReview.chosenOn = body.today }
            } catch {
                throw ValidationError(field: "training.\(error.field)", message: error.message)
            }
        }
        if let preferredSources {
            let known = Set(QuantityType.allCases.map(\.rawValue) + CategoryType.allCases.map(\.rawValue))
            for (metric, name) in preferredSources {
                guard known.contains(metric) else {
                    throw ValidationError(field: "preferredSources", message: t("api.metricUnknown", ["name": metric]))
                }
                let trimmed = name.trimmingCharacters(in: .whitespaces)
                guard trimmed.count <= 100 else {
                    throw ValidationError(field: "preferredSources", message: t("api.sourceNames"))
                }
                result.sources.preferred[metric] = trimmed.isEmpty ? nil : trimmed
            }
        }
        return result
    }
}
