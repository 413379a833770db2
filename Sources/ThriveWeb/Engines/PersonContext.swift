import Foundation
import ThriveCore
import ThriveStore

extension PlanPreferences: PersonDocument {
    public static let documentKind = "plan-preferences"
    public static let changeKind: ChangeKind? = .goals
}

extension FoodLogDays: PersonDocument {
    public static let documentKind = "food-log-days"
}

/// What the engines know about a person at one moment: profile, preferences, their current weight
/// and age, and their nutrition plan when the profile allows one.
struct PersonContext: Sendable {
    let profile: Profile
    var preferences: PlanPreferences
    /// The latest weigh-in from the last 30 days, or the profile's weight.
    let weight: Mass?
    let age: Int?
    let today: LocalDate
    let now: Date
    /// The days the person marked their food log complete.
    var foodLogDays = FoodLogDays()
    /// The diets the person named in onboarding.
    var diets: Set<Diet> = []
    /// The person's latest lab result (spec 001), whose AAT level may raise an alert.
    var latestLabResult: LabResult?
    var zone: TimeZone { profile.timeZone }
    /// The load steps loads move by: the person's own, else the common ones for their units.
    var loadSteps: LoadSteps { preferences.training.loadSteps ?? .defaults(for: profile.unitSystem) }

    /// The fields the nutrition engine needs that the profile lacks, by name.
    var missingForPlan: [String] {
        var missing: [String] = []
        if profile.dateOfBirth == nil { missing.append("dateOfBirth") }
        if profile.sex == nil { missing.append("sex") }
        if profile.height == nil { missing.append("height") }
        if weight == nil { missing.append("weight") }
        return missing
    }

    func nutritionInput() -> NutritionInput? {
        guard let sex = profile.sex, let age, let height = profile.height, let weight else { return nil }
        return NutritionInput(
            sex: sex, age: age, height: height, weight: weight, activity: preferences.activity, goal: preferences.goal,
            targetRateKilogramsPerWeek: preferences.targetRateKilogramsPerWeek,
            adaptiveAdjustment: preferences.adaptiveAdjustment,
            refeedCap: preferences.refeedCap, weightGoal: preferences.weightGoal, today: today, diets: diets)
    }

    /// The plan, or nil when the profile is incomplete or its values cannot be planned for.
    func nutritionPlan() -> NutritionPlan? {
        nutritionInput().flatMap { try? NutritionEngine.plan(for: $0) }
    }

    /// Where the person's day stands now, with their usual last meal time learned from `days`.
    func clock(_ days: HealthDays) -> DayClock {
        DayClock(now: now, zone: zone, days: days.window(endingOn: today.adding(days: -1), count: 14))
    }

    /// - Parameter date: the day the cards are for (a refeed day raises its ceiling).
    func kpiInputs(clock: DayClock?, date: LocalDate) -> KPIInputs {
        let sessions = preferences.plannedSessions
        let plan = nutritionPlan()
        var inputs = KPIInputs(
            plan: plan, weight: weight, weeklySessionTarget: preferences.training.sessionsPerWeek,
            plannedStrengthSessions: sessions.strength, plannedCardioSessions: sessions.cardio, policy: preferences.sources,
            clock: clock, firstDay: preferences.startedOn)
        inputs.isRefeedDay = preferences.isRefeed(date, plan: plan)
        return inputs
    }

    func scoreInputs(clock: DayClock?) -> ScoreInputs {
        let plan = nutritionPlan()
        return ScoreInputs(
            calorieTarget: plan?.calories, calorieFloor: plan?.calorieFloor, weight: weight, sex: profile.sex,
            weeklySessionTarget: preferences.training.sessionsPerWeek, policy: preferences.sources,
            proteinGoal: plan?.proteinGrams, clock: clock)
    }

    static func load(_ records: PersonalRecords, now: Date) async throws -> PersonContext {
        let profile = try await records.profile.get() ?? Profile()
        let preferences = try await records.documents.get(PlanPreferences.self) ?? PlanPreferences()
        let foodLogDays = try await records.documents.get(FoodLogDays.self) ?? FoodLogDays()
        let details = try await records.documents.get(OnboardingProgress.self)?.details
        var weight = profile.weight
        if let latest = try await records.quantitySamples.latest(of: .bodyMass),
            now.timeIntervalSince(latest.start) <= 30 * 86_400
        {
            weight = Mass(kilograms: latest.value)
        }
        return PersonContext(
            profile: profile, preferences: preferences, weight: weight, age: profile.age(at: now),
            today: LocalDate(now, in: profile.timeZone), now: now, foodLogDays: foodLogDays, diets: Set(details?.diets ?? []),
            latestLabResult: try await records.labs.results(after: nil, limit: 1).first)
    }
}
