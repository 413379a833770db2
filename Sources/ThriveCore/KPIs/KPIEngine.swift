import Foundation

/// What the KPI engine needs beyond the day records.
public struct KPIInputs: Sendable {
    public var plan: NutritionPlan?
    /// Body weight for the protein target (1 g per kg).
    public var weight: Mass?
    public var weeklySessionTarget: Int
    /// Planned strength and cardio sessions per week, for adherence.
    public var plannedStrengthSessions: Int
    public var plannedCardioSessions: Int
    public var policy: SourcePolicy

    public init(
        plan: NutritionPlan?, weight: Mass?, weeklySessionTarget: Int, plannedStrengthSessions: Int, plannedCardioSessions: Int,
        policy: SourcePolicy = SourcePolicy()
    ) {
        self.plan = plan
        self.weight = weight
        self.weeklySessionTarget = weeklySessionTarget
        self.plannedStrengthSessions = plannedStrengthSessions
        self.plannedCardioSessions = plannedCardioSessions
        self.policy = policy
    }
}

/// The five KPI cards of spec 004, section 9, with its thresholds exactly:
/// - **Workouts this week** (Monday to the day): green 5+, yellow 3–4, red under 3.
/// - **Protein** against 1 g per kg: green at 75 % or more, yellow 50–74 %, red under 50 %.
/// - **Sleep last night** against 8 h: green 8 h or more, yellow from 6 h (the spec's "6–7 h", with the
///   gap to 8 h read as yellow), red under 6 h.
/// - **Weekly training adherence**: planned sessions attended (strength and cardio counted against
///   their own plan, each capped at it), same thresholds as workouts.
/// - **Calories remaining** against the day's target: green at 75 % eaten or more, yellow 50–74 %, red
///   under 50 %, and always red while the day's intake is below the plan's floor.
public enum KPIEngine {
    public static func cards(date: LocalDate, days: HealthDays, inputs: KPIInputs) -> [KPICard] {
        let today = days[date]
        let week = weekSoFar(ending: date).compactMap { days[$0] }
        let workouts = week.flatMap(\.workouts)
        return [
            workoutsCard(count: workouts.count, target: inputs.weeklySessionTarget),
            proteinCard(food: today?.food, weight: inputs.weight),
            sleepCard(night: today?.sleep(policy: inputs.policy)),
            adherenceCard(workouts: workouts, inputs: inputs),
            caloriesCard(food: today?.food, plan: inputs.plan),
        ]
    }

    /// Monday of `date`'s week through `date`.
    public static func weekSoFar(ending date: LocalDate) -> [LocalDate] {
        let sinceMonday = (date.weekday + 5) % 7  // Sunday (1) → 6, Monday (2) → 0
        return (0...sinceMonday).map { date.adding(days: -sinceMonday + $0) }
    }

    static func countStatus(_ count: Int) -> KPIStatus {
        count >= 5 ? .green : count >= 3 ? .yellow : .red
    }

    static func percentStatus(_ percent: Double) -> KPIStatus {
        percent >= 75 ? .green : percent >= 50 ? .yellow : .red
    }

    static func card(
        _ kind: KPICard.Kind, _ value: Phrase, _ status: KPIStatus, _ detail: Phrase, _ actions: [String], push: Bool
    ) -> KPICard {
        KPICard(
            kind: kind, value: value, status: status, detail: detail, actions: actions.map { Phrase("kpi.action.\($0)") },
            allowsPushPrompt: push)
    }

    static let noValue = Phrase("kpi.noValue")

    static func workoutsCard(count: Int, target: Int) -> KPICard {
        card(
            .workoutsThisWeek, Phrase("kpi.ratio", ["done": .integer(count), "target": .integer(target)]), countStatus(count),
            Phrase("kpi.workoutsThisWeek.detail", ["count": .integer(count)]), ["startWorkout", "recommendedWorkouts"],
            push: true)
    }

    static func proteinCard(food: FoodDay?, weight: Mass?) -> KPICard {
        guard let weight else {
            return card(.protein, noValue, .noData, Phrase("kpi.protein.needsWeight"), ["logMeal"], push: true)
        }
        let goal = weight.kilograms.rounded()
        let eaten = food?.proteinGrams ?? 0
        let percent = eaten / goal * 100
        return card(
            .protein, Phrase("kpi.protein.value", ["eaten": .integer(Int(eaten.rounded())), "goal": .integer(Int(goal))]),
            percentStatus(percent),
            food == nil
                ? Phrase("kpi.protein.nothingYet")
                : Phrase("kpi.protein.detail", ["percent": .integer(Int(percent.rounded(.down)))]),
            ["logMeal"], push: true)
    }

    static func sleepCard(night: SleepNight?) -> KPICard {
        guard let night else {
            return card(.sleepLastNight, noValue, .noData, Phrase("kpi.sleepLastNight.none"), ["sleepDetails"], push: false)
        }
        let hours = night.asleepHours
        let status: KPIStatus = hours >= 8 ? .green : hours >= 6 ? .yellow : .red
        return card(
            .sleepLastNight, Phrase("kpi.duration", ["duration": .duration(seconds: night.asleepSeconds)]), status,
            Phrase("kpi.sleepLastNight.detail"), ["sleepDetails"], push: false)
    }

    static func adherenceCard(workouts: [WorkoutSummary], inputs: KPIInputs) -> KPICard {
        let strength = workouts.filter { $0.activityType.isStrength }.count
        let cardio = workouts.count - strength
        let attended = min(strength, inputs.plannedStrengthSessions) + min(cardio, inputs.plannedCardioSessions)
        let target = inputs.plannedStrengthSessions + inputs.plannedCardioSessions
        return card(
            .weeklyAdherence, Phrase("kpi.ratio", ["done": .integer(attended), "target": .integer(target)]),
            countStatus(attended),
            Phrase("kpi.weeklyAdherence.detail", ["done": .integer(attended), "count": .integer(target)]),
            ["startWorkout", "todaysPlan"], push: true)
    }

    static func caloriesCard(food: FoodDay?, plan: NutritionPlan?) -> KPICard {
        guard let plan else {
            return card(
                .caloriesRemaining, noValue, .noData, Phrase("kpi.caloriesRemaining.needsProfile"), ["logMeal"], push: true)
        }
        let eaten = food?.energyKilocalories ?? 0
        let remaining = Double(plan.calories) - eaten
        let percent = eaten / Double(plan.calories) * 100
        let belowFloor = eaten < Double(plan.calorieFloor)
        let status = belowFloor ? .red : percentStatus(percent)
        let value =
            remaining >= 0
            ? Phrase("kpi.caloriesRemaining.left", ["kcal": .integer(Int(remaining.rounded()))])
            : Phrase("kpi.caloriesRemaining.over", ["kcal": .integer(Int(-remaining.rounded()))])
        let eatenValues: [String: Phrase.Value] = [
            "eaten": .integer(Int(eaten.rounded())), "target": .integer(plan.calories), "floor": .integer(plan.calorieFloor),
            "percent": .integer(Int(percent.rounded(.down))),
        ]
        let detail = Phrase(belowFloor ? "kpi.caloriesRemaining.belowFloor" : "kpi.caloriesRemaining.detail", eatenValues)
        return card(.caloriesRemaining, value, status, detail, ["logMeal", "breakdown"], push: true)
    }
}

extension WorkoutActivityType {
    public var isStrength: Bool {
        self == .traditionalStrengthTraining || self == .functionalStrengthTraining
    }
}

/// Durations for people: "7 h 12 min".
public enum DurationFormat {
    /// "7 h 12 min", "18 min" under an hour, "10 h" on the hour.
    public static func hoursAndMinutes(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }
}
