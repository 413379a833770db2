import Foundation
import ThriveCore

/// Reads and checks the answers of the onboarding forms, with a message for each problem.
enum OnboardingAnswers {
    static func profile(
        _ form: FormFields, profile: Profile, now: Date
    ) throws -> (profile: Profile, details: HealthDetails) {
        var profile = profile
        guard let dob = form.text("dateOfBirth").flatMap({ LocalDate(iso8601: $0) }) else {
            throw ValidationError(field: "dateOfBirth", message: t("onboarding.error.dateOfBirth"))
        }
        profile.dateOfBirth = dob
        guard let sex = form.text("sex").flatMap(BiologicalSex.init) else {
            throw ValidationError(field: "sex", message: t("onboarding.error.sex"))
        }
        profile.sex = sex
        if profile.unitSystem == .metric {
            guard let centimetres = try form.number("heightCm", label: t("onboarding.field.height")) else {
                throw ValidationError(field: "heightCm", message: t("onboarding.error.heightCm"))
            }
            profile.height = Length(centimetres: centimetres)
        } else {
            guard let feet = try form.number("heightFeet", label: t("onboarding.field.height")) else {
                throw ValidationError(field: "heightFeet", message: t("onboarding.error.heightFeet"))
            }
            let inches = try form.number("heightInches", label: t("onboarding.field.height")) ?? 0
            profile.height = Length(metres: (feet * 12 + inches) * Length.metresPerInch)
        }
        guard let weight = try form.number("weight", label: t("onboarding.field.weight")) else {
            throw ValidationError(field: "weight", message: t("onboarding.error.weight"))
        }
        profile.weight = profile.unitSystem == .metric ? Mass(kilograms: weight) : Mass(pounds: weight)
        do {
            profile = try profile.validated(now: now)
        } catch let error {
            // The profile names fields by their stored name; the form's height field differs.
            let field = error.field == "height" ? (profile.unitSystem == .metric ? "heightCm" : "heightFeet") : error.field
            throw ValidationError(field: field, message: error.message)
        }

        let allergyAnswers = form.all("allergy")
        let other = form.text("otherAllergies")
        guard !allergyAnswers.isEmpty || other != nil else {
            throw ValidationError(field: "allergy", message: t("onboarding.error.allergy"))
        }
        let conditionAnswers = form.all("condition")
        guard !conditionAnswers.isEmpty else {
            throw ValidationError(field: "condition", message: t("onboarding.error.condition"))
        }
        let goals = form.all("goal").compactMap(HealthGoal.init)
        guard !goals.isEmpty else {
            throw ValidationError(field: "goal", message: t("onboarding.error.goal"))
        }
        if let other, other.count > 200 {
            throw ValidationError(field: "otherAllergies", message: t("onboarding.error.otherAllergies"))
        }
        let details = HealthDetails(
            allergies: allergyAnswers.compactMap(Allergy.init), otherAllergies: other,
            diets: form.all("diet").compactMap(Diet.init), conditions: conditionAnswers.compactMap(MedicalCondition.init),
            goals: goals)
        return (profile, details)
    }

    static func optional(_ form: FormFields, into preferences: inout PlanPreferences) throws {
        if let activity = form.text("activity").flatMap(ActivityLevel.init) { preferences.activity = activity }
        if let emphasis = form.text("emphasis").flatMap(TrainingPreferences.Emphasis.init) {
            preferences.training.emphasis = emphasis
        }
        if let sessions = try form.number("sessionsPerWeek", label: t("onboarding.field.sessionsPerWeek")) {
            guard (1...7).contains(sessions), sessions == sessions.rounded() else {
                throw ValidationError(field: "sessionsPerWeek", message: t("onboarding.error.sessionsPerWeek"))
            }
            preferences.training.sessionsPerWeek = Int(sessions)
        }
        if let minutes = try form.number("sessionMinutes", label: t("onboarding.field.sessionMinutes")) {
            guard (20...180).contains(minutes) else {
                throw ValidationError(field: "sessionMinutes", message: t("onboarding.error.sessionMinutes"))
            }
            preferences.training.sessionMinutes = Int(minutes)
        }
    }

    static func baseline(_ form: FormFields, units: UnitSystem) throws -> BaselineAssessment {
        guard let pushUps = try form.number("pushUps", label: t("onboarding.field.pushUps")) else {
            throw ValidationError(field: "pushUps", message: t("onboarding.error.pushUps"))
        }
        guard pushUps == pushUps.rounded() else {
            throw ValidationError(field: "pushUps", message: t("onboarding.error.pushUpsWhole"))
        }
        let plank = try form.number("plankSeconds", label: t("onboarding.field.plankSeconds"))
        var baseline = BaselineAssessment(pushUps: Int(pushUps), plankSeconds: plank.map { Int($0.rounded()) })
        let load = try form.number("liftLoad", label: t("onboarding.field.liftLoad"))
        let reps = try form.number("liftReps", label: t("onboarding.field.liftReps"))
        if let load, let reps {
            guard let lift = form.text("lift"), ExerciseLibrary.all.contains(where: { $0.id == lift }) else {
                throw ValidationError(field: "lift", message: t("onboarding.error.lift"))
            }
            guard (1...100).contains(reps), reps == reps.rounded() else {
                throw ValidationError(field: "liftReps", message: t("onboarding.error.liftReps"))
            }
            let mass = units == .metric ? Mass(kilograms: load) : Mass(pounds: load)
            guard (1...500).contains(mass.kilograms) else {
                throw ValidationError(field: "liftLoad", message: t("onboarding.error.liftLoad"))
            }
            baseline.liftExercise = lift
            baseline.liftOneRepMax = OneRepMax.epley(load: mass, reps: Int(reps))
        } else if load != nil || reps != nil {
            throw ValidationError(
                field: load == nil ? "liftLoad" : "liftReps", message: t("onboarding.error.liftBoth"))
        }
        return try baseline.validated()
    }
}
