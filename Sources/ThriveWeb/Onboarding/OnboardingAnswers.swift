import Foundation
import ThriveCore

/// Reads and checks the answers of the onboarding forms, with a message for each problem.
enum OnboardingAnswers {
    /// Every answer is checked whatever the others are, so the person sees all that needs mending.
    static func profile(
        _ form: FormFields, profile: Profile, now: Date
    ) throws(ValidationErrors) -> (profile: Profile, details: HealthDetails) {
        var profile = profile
        var problems = ValidationProblems()
        profile.dateOfBirth = problems.check { () throws(ValidationError) in
            guard let dob = form.text("dateOfBirth").flatMap({ LocalDate(iso8601: $0) }) else {
                throw ValidationError(field: "dateOfBirth", message: t("onboarding.error.dateOfBirth"))
            }
            return dob
        }
        profile.sex = problems.check { () throws(ValidationError) in
            guard let sex = form.text("sex").flatMap(BiologicalSex.init) else {
                throw ValidationError(field: "sex", message: t("onboarding.error.sex"))
            }
            return sex
        }
        let heightField = profile.unitSystem == .metric ? "heightCm" : "heightFeet"
        profile.height = problems.check { () throws(ValidationError) in
            if profile.unitSystem == .metric {
                guard let centimetres = try form.number("heightCm", label: t("onboarding.field.height")) else {
                    throw ValidationError(field: "heightCm", message: t("onboarding.error.heightCm"))
                }
                return Length(centimetres: centimetres)
            }
            guard let feet = try form.number("heightFeet", label: t("onboarding.field.height")) else {
                throw ValidationError(field: "heightFeet", message: t("onboarding.error.heightFeet"))
            }
            let inches = try form.number("heightInches", label: t("onboarding.field.height")) ?? 0
            return Length(metres: (feet * 12 + inches) * Length.metresPerInch)
        }
        profile.weight = problems.check { () throws(ValidationError) in
            guard let weight = try form.number("weight", label: t("onboarding.field.weight")) else {
                throw ValidationError(field: "weight", message: t("onboarding.error.weight"))
            }
            return profile.unitSystem == .metric ? Mass(kilograms: weight) : Mass(pounds: weight)
        }
        // The profile names fields by their stored name; the form's height field differs.
        for problem in profile.problems(now: now) {
            problems.add(problem.field == "height" ? ValidationError(field: heightField, problem.phrase) : problem)
        }
        let allergyAnswers = form.all("allergy")
        let other = form.text("otherAllergies")
        if allergyAnswers.isEmpty, other == nil {
            problems.add(ValidationError(field: "allergy", message: t("onboarding.error.allergy")))
        }
        if let other, other.count > 200 {
            problems.add(ValidationError(field: "otherAllergies", message: t("onboarding.error.otherAllergies")))
        }
        let conditionAnswers = form.all("condition")
        if conditionAnswers.isEmpty {
            problems.add(ValidationError(field: "condition", message: t("onboarding.error.condition")))
        }
        let goals = form.all("goal").compactMap(HealthGoal.init)
        if goals.isEmpty { problems.add(ValidationError(field: "goal", message: t("onboarding.error.goal"))) }
        try problems.finish()
        let details = HealthDetails(
            allergies: allergyAnswers.compactMap(Allergy.init), otherAllergies: other,
            diets: form.all("diet").compactMap(Diet.init), conditions: conditionAnswers.compactMap(MedicalCondition.init),
            goals: goals)
        return (profile, details)
    }

    /// - Parameter body: the profile's weight and height, which a weight goal is checked against.
    static func optional(
        _ form: FormFields, into preferences: inout PlanPreferences, units: UnitSystem, body: PreferencesUpdate.Body
    ) throws(ValidationErrors) {
        var problems = ValidationProblems()
        if let activity = form.text("activity").flatMap(ActivityLevel.init) { preferences.activity = activity }
        if let emphasis = form.text("emphasis").flatMap(TrainingPreferences.Emphasis.init) {
            preferences.training.emphasis = emphasis
        }
        let sessions = problems.check { () throws(ValidationError) -> Int? in
            guard let sessions = try form.number("sessionsPerWeek", label: t("onboarding.field.sessionsPerWeek")) else {
                return nil
            }
            guard (1...7).contains(sessions), sessions == sessions.rounded() else {
                throw ValidationError(field: "sessionsPerWeek", message: t("onboarding.error.sessionsPerWeek"))
            }
            return Int(sessions)
        }
        let minutes = problems.check { () throws(ValidationError) -> Int? in
            guard let minutes = try form.number("sessionMinutes", label: t("onboarding.field.sessionMinutes")) else {
                return nil
            }
            guard (20...180).contains(minutes) else {
                throw ValidationError(field: "sessionMinutes", message: t("onboarding.error.sessionMinutes"))
            }
            return Int(minutes)
        }
        // A weight to reach by a date, checked as the plan page checks it (pace, BMI, at least a week).
        let goal = problems.check { () throws(ValidationError) -> PlanPreferences? in
            guard let goal = try WeightGoalForm.goal(form, units: units) else { return nil }
            var update = PreferencesUpdate()
            update.weightGoal = goal
            return try update.applied(to: preferences, body: body)
        }
        try problems.finish()
        if let withGoal = goal ?? nil { preferences = withGoal }
        if let sessions = sessions ?? nil { preferences.training.sessionsPerWeek = sessions }
        if let minutes = minutes ?? nil { preferences.training.sessionMinutes = minutes }
    }

    static func baseline(_ form: FormFields, units: UnitSystem) throws(ValidationErrors) -> BaselineAssessment {
        var problems = ValidationProblems()
        let pushUps = problems.check { () throws(ValidationError) in
            guard let pushUps = try form.number("pushUps", label: t("onboarding.field.pushUps")) else {
                throw ValidationError(field: "pushUps", message: t("onboarding.error.pushUps"))
            }
            guard pushUps == pushUps.rounded() else {
                throw ValidationError(field: "pushUps", message: t("onboarding.error.pushUpsWhole"))
            }
            return Int(pushUps)
        }
        let plank = problems.check { () throws(ValidationError) in
            try form.number("plankSeconds", label: t("onboarding.field.plankSeconds"))
        }
        var lifts: [BaselineAssessment.Lift] = []
        for exercise in BaselineLifts.exercises {
            let loadField = BaselineLifts.loadField(exercise.id)
            let repsField = BaselineLifts.repsField(exercise.id)
            let load = problems.check { () throws(ValidationError) in
                try form.number(loadField, label: t("onboarding.field.liftLoad"))
            }
            let reps = problems.check { () throws(ValidationError) in
                try form.number(repsField, label: t("onboarding.field.liftReps"))
            }
            guard let load = load ?? nil, let reps = reps ?? nil else {
                if (load ?? nil) != nil || (reps ?? nil) != nil {
                    problems.add(
                        ValidationError(
                            field: (load ?? nil) == nil ? loadField : repsField, message: t("onboarding.error.liftBoth")))
                }
                continue
            }
            var valid = true
            if !(1...100).contains(reps) || reps != reps.rounded() {
                problems.add(ValidationError(field: repsField, message: t("onboarding.error.liftReps")))
                valid = false
            }
            let mass = units == .metric ? Mass(kilograms: load) : Mass(pounds: load)
            if !(1...500).contains(mass.kilograms) {
                problems.add(ValidationError(field: loadField, message: t("onboarding.error.liftLoad")))
                valid = false
            }
            if valid, let oneRepMax = OneRepMax.epley(load: mass, reps: Int(reps)) {
                lifts.append(.init(exercise: exercise.id, oneRepMax: oneRepMax))
            }
        }
        let baseline = BaselineAssessment(
            pushUps: pushUps ?? 0, plankSeconds: (plank ?? nil).map { Int($0.rounded()) }, lifts: lifts)
        if problems.isEmpty { problems.check { () throws(ValidationError) in _ = try baseline.validated() } }
        try problems.finish()
        return baseline
    }
}
