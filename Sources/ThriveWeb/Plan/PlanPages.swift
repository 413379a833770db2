import Foundation
import ThriveCore

/// The nutrition plan as a person reads it: the targets, then why each number is what it is.
struct NutritionPlanPage: Sendable {
    struct Target: Sendable {
        let name: String
        let value: String
    }

    let missing: String?
    let targets: [Target]
    let facts: [Target]
    let reasons: [String]
    let guidance: [String]
    let paused: Bool
    var goal = GoalForm()
    var refeeds: [RefeedRow] = []
    var hasRefeeds = false
    var refeedError: String?

    /// An upcoming refeed day with the form that moves, skips or puts it back.
    struct RefeedRow: Sendable {
        struct Choice: Sendable {
            let value: String
            let label: String
            let selected: Bool
        }
        let scheduled: String
        let title: String
        let detail: String
        let choices: [Choice]
        let skipped: Bool
        let changed: Bool

        init(_ refeed: RefeedDays.Body.Refeed) {
            scheduled = refeed.scheduled.description
            let day = refeed.day ?? refeed.scheduled
            title = ChartSummary.longDay(day, .gmt)
            skipped = refeed.skipped
            changed = refeed.day != refeed.scheduled
            let ceiling = DisplayFormat.kilocalories(Double(refeed.calories))
            detail =
                refeed.skipped
                ? t("planRefeed.skipped")
                : changed
                    ? t("planRefeed.moved", ["kcal": ceiling, "date": ChartSummary.longDay(refeed.scheduled, .gmt)])
                    : t("planRefeed.upTo", ["kcal": ceiling])
            choices = refeed.choices.map {
                Choice(value: $0.description, label: ChartSummary.longDay($0, .gmt), selected: $0 == day)
            }
        }
    }

    /// The dated weight goal: what is set, and the form that sets or changes it.
    struct GoalForm: Sendable {
        /// "65.0 kg by Wed 10 Feb 2027; at your plan's rate, around Thu 11 Feb 2027."
        var summary: String?
        var error: String?
        var weight = ""
        var date = ""
        var unit = "kg"
        var earliest = ""
        var hasGoal = false

        init() {}

        init(goal: WeightGoal?, plan: NutritionPlan?, units: UnitSystem, today: LocalDate) {
            unit = units == .metric ? "kg" : "lb"
            earliest = today.adding(days: 7).description
            guard let goal else { return }
            hasGoal = true
            weight = DisplayFormat.plain(units == .metric ? goal.target.kilograms : goal.target.pounds)
            date = goal.date.description
            let target = DisplayFormat.mass(goal.target, units)
            let by = ChartSummary.longDay(goal.date, .gmt)
            summary =
                plan?.goalDate.map {
                    t("planGoal.summaryReached", ["weight": target, "date": by, "reached": ChartSummary.longDay($0, .gmt)])
                } ?? t("planGoal.summary", ["weight": target, "date": by])
        }
    }

    /// `missing` names the profile details the plan still needs (`dateOfBirth`, `sex`, `height`, `weight`).
    init(plan: NutritionPlan?, missing: [String], units: UnitSystem) {
        guard let plan else {
            self.missing = t(Phrase("plan.missing", ["details": .list(missing.map { Phrase("plan.detail.\($0)") })]))
            targets = []
            facts = []
            reasons = []
            guidance = []
            paused = false
            return
        }
        self.missing = nil
        targets = [
            Target(name: t("plan.energy"), value: DisplayFormat.kilocalories(Double(plan.calories))),
            Target(name: t("metric.protein"), value: DisplayFormat.grams(Double(plan.proteinGrams))),
            Target(name: t("plan.carbohydrate"), value: DisplayFormat.grams(Double(plan.carbohydrateGrams))),
            Target(name: t("plan.fat"), value: DisplayFormat.grams(Double(plan.fatGrams))),
        ]
        var facts = [
            Target(name: t("plan.bmi"), value: "\(DisplayFormat.decimal(plan.bmi, digits: 2)) · \(plan.bmiCategory.title)"),
            Target(name: t("plan.bmr"), value: DisplayFormat.kilocalories(Double(plan.bmr))),
            Target(name: t("plan.tdee"), value: DisplayFormat.kilocalories(Double(plan.tdee))),
            Target(name: t("plan.floor"), value: DisplayFormat.kilocalories(Double(plan.calorieFloor))),
        ]
        if let rate = plan.targetRateKilogramsPerWeek {
            let mass = Mass(kilograms: abs(rate))
            let shown =
                units == .metric
                ? "\(DisplayFormat.decimal(mass.kilograms, digits: 2)) kg" : "\(DisplayFormat.decimal(mass.pounds)) lb"
            facts.append(Target(name: t("plan.rate"), value: t("plan.perWeek", ["amount": shown])))
        }
        self.facts = facts
        reasons = plan.reasons.map(\.message)
        guidance = plan.guidance.map { t($0) }
        paused = plan.weightLossPaused
    }
}

/// The training plan: each session with its exercises, sets, reps and loads, and the notes behind it.
struct TrainingPlanPage: Sendable {
    struct Session: Sendable {
        let name: String
        let minutes: String
        let exercises: [String]
        /// The workout form filled with this session.
        let start: String
    }

    let sessions: [Session]
    let notes: [String]
    let warnings: [String]
    let hasWarnings: Bool
    var setup: TrainingSetupForm?
    /// The monthly emphasis review: a suggestion to answer, or when the next one comes.
    var review: EmphasisReviewView?
    /// What the person's answer did ("Your training is now …").
    var reviewNotice: String?

    init(program: TrainingProgram, units: UnitSystem) {
        sessions = program.sessions.enumerated().map { index, session in
            Session(
                name: t(session.title),
                minutes: t(
                    Phrase(
                        "training.sessionMinutes",
                        ["total": .integer(session.totalMinutes), "warmUp": .integer(session.warmUpMinutes)])),
                exercises: session.exercises.map { Self.line(for: $0, units: units) },
                start: "\(WorkoutPagesController.base)/new?session=\(index)")
        }
        notes = program.notes.map { t($0) }
        warnings = program.warnings.map { t($0) }
        hasWarnings = !program.warnings.isEmpty
    }

    /// "Bench press: 3 × 10–12 at 60.0 kg (instead of …)".
    static func line(for planned: PlannedExercise, units: UnitSystem) -> String {
        t("training.line", ["exercise": t(planned.exercise.title), "dose": dose(of: planned, units: units)])
    }

    /// "3 × 10–12 at 60.0 kg (instead of …)", "20 min".
    static func dose(of planned: PlannedExercise, units: UnitSystem) -> String {
        var line: String
        if let reps = planned.reps {
            let sets = "\(planned.sets) × \(reps.lowerBound)–\(reps.upperBound)"
            line =
                planned.load.map { t("training.doseAt", ["sets": sets, "load": DisplayFormat.mass($0, units)]) }
                ?? t("training.doseFind", ["sets": sets])
        } else {
            line = t("training.doseMinutes", ["minutes": String(planned.minutes)])
        }
        if let original = planned.substitutes { line = t("training.insteadOf", ["dose": line, "exercise": t(original.title)]) }
        return line
    }
}
