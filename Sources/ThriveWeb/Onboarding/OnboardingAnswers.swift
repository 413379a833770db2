import Foundation
import ThriveCore

/// Reads and checks the answers of the onboarding forms, with a message for each problem.
enum OnboardingAnswers {
    static func profile(
        _ form: FormFields, profile: Profile, now: Date
    ) throws -> (profile: Profile, details: HealthDetails) {
        var profile = profile
        guard let dob = form.text("dateOfBirth").flatMap({ LocalDate(iso8601: $0) }) else {
            throw ValidationError(field: "dateOfBirth", message: "Enter your date of birth, like 1990-04-21.")
        }
        profile.dateOfBirth = dob
        guard let sex = form.text("sex").flatMap(BiologicalSex.init) else {
            throw ValidationError(field: "sex", message: "Choose the sex your body formulas should use.")
        }
        profile.sex = sex
        if profile.unitSystem == .metric {
            guard let centimetres = try form.number("heightCm", label: "Height") else {
                throw ValidationError(field: "heightCm", message: "Enter your height in centimetres.")
            }
            profile.height = Length(centimetres: centimetres)
        } else {
            guard let feet = try form.number("heightFeet", label: "Feet") else {
                throw ValidationError(field: "heightFeet", message: "Enter your height in feet and inches.")
            }
            let inches = try form.number("heightInches", label: "Inches") ?? 0
            profile.height = Length(metres: (feet * 12 + inches) * Length.metresPerInch)
        }
        guard let weight = try form.number("weight", label: "Weight") else {
            throw ValidationError(field: "weight", message: "Enter your current weight.")
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
            throw ValidationError(field: "allergy", message: "Tick your allergies, or “No allergies”.")
        }
        let conditionAnswers = form.all("condition")
        guard !conditionAnswers.isEmpty else {
            throw ValidationError(field: "condition", message: "Tick any conditions you have, or “None of these”.")
        }
        let goals = form.all("goal").compactMap(HealthGoal.init)
        guard !goals.isEmpty else {
            throw ValidationError(field: "goal", message: "Choose at least one goal.")
        }
        if let other, other.count > 200 {
            throw ValidationError(field: "otherAllergies", message: "Other allergies can be at most 200 characters.")
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
        if let sessions = try form.number("sessionsPerWeek", label: "Workouts a week") {
            guard (1...7).contains(sessions), sessions == sessions.rounded() else {
                throw ValidationError(field: "sessionsPerWeek", message: "Workouts a week must be a whole number from 1 to 7.")
            }
            preferences.training.sessionsPerWeek = Int(sessions)
        }
        if let minutes = try form.number("sessionMinutes", label: "Minutes per workout") {
            guard (20...180).contains(minutes) else {
                throw ValidationError(field: "sessionMinutes", message: "A workout lasts 20 to 180 minutes.")
            }
            preferences.training.sessionMinutes = Int(minutes)
        }
    }

    static func baseline(_ form: FormFields, units: UnitSystem) throws -> BaselineAssessment {
        guard let pushUps = try form.number("pushUps", label: "Push-ups") else {
            throw ValidationError(field: "pushUps", message: "Enter how many push-ups you can do in one go (0 is fine).")
        }
        guard pushUps == pushUps.rounded() else {
            throw ValidationError(field: "pushUps", message: "Push-ups must be a whole number.")
        }
        let plank = try form.number("plankSeconds", label: "Plank")
        var baseline = BaselineAssessment(pushUps: Int(pushUps), plankSeconds: plank.map { Int($0.rounded()) })
        let load = try form.number("liftLoad", label: "Load")
        let reps = try form.number("liftReps", label: "Repetitions")
        if let load, let reps {
            guard let lift = form.text("lift"), ExerciseLibrary.all.contains(where: { $0.id == lift }) else {
                throw ValidationError(field: "lift", message: "Choose which lift that set was.")
            }
            guard (1...100).contains(reps), reps == reps.rounded() else {
                throw ValidationError(field: "liftReps", message: "Repetitions must be a whole number from 1 to 100.")
            }
            let mass = units == .metric ? Mass(kilograms: load) : Mass(pounds: load)
            guard (1...500).contains(mass.kilograms) else {
                throw ValidationError(field: "liftLoad", message: "The load must be between 1 and 500 kg (1,100 lb).")
            }
            baseline.liftExercise = lift
            baseline.liftOneRepMax = OneRepMax.epley(load: mass, reps: Int(reps))
        } else if load != nil || reps != nil {
            throw ValidationError(
                field: load == nil ? "liftLoad" : "liftReps", message: "Give both the load and the repetitions, or neither.")
        }
        return try baseline.validated()
    }
}
