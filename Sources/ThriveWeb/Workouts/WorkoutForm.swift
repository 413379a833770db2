import Foundation
import ThriveCore

/// The form of one workout: kind, start time and length, and, for a strength session, a grid of
/// sets per exercise where the person confirms the reps and load they actually did. Each set row
/// has one blank extra row after it for a set beyond the plan; blank rows are not sets.
///
/// Field names: `activity`, `time`, `minutes`, `distance`, `energy`; per exercise `i`:
/// `exercise-i` (its name), `target-i` (the plan's words), `duration-i` (timed work, minutes),
/// and per set `j`: `reps-i-j`, `load-i-j` (in the person's units).
struct WorkoutForm: Sendable {
    typealias Values = [String: String]

    struct Option: Sendable {
        let value: String
        let name: String
        let selected: Bool
    }

    struct SetRow: Sendable {
        let number: Int
        let reps: InputField
        let load: InputField
        let extra: Bool
    }

    struct ExerciseGroup: Sendable {
        let index: Int
        let name: String
        let target: String?
        let duration: InputField?
        let sets: [SetRow]
        var isTimed: Bool { duration != nil }
    }

    let action: String
    let cancel: String
    let submitLabel: String
    let activityOptions: [Option]
    let time: InputField
    let minutes: InputField
    let distance: InputField
    let energy: InputField
    let exercises: [ExerciseGroup]
    let hasExercises: Bool
    let loadUnit: String
    var errors: FormErrors
    /// A new workout can be logged offline (an edit needs the server).
    var offline: OfflineForm?

    init(
        action: String, cancel: String, submitLabel: String, values: Values, errors: FormErrors, units: UnitSystem
    ) {
        self.action = action
        self.cancel = cancel
        self.submitLabel = submitLabel
        self.errors = errors
        loadUnit = units == .metric ? "kg" : "lb"
        let activity = values["activity"] ?? WorkoutActivityType.traditionalStrengthTraining.rawValue
        activityOptions = WorkoutActivityType.allCases.map {
            Option(value: $0.rawValue, name: $0.title, selected: $0.rawValue == activity)
        }
        time = InputField(
            "time", t("workoutForm.startedAt"), value: values["time"] ?? "", errors: errors, hint: t("workoutForm.startedAtHint"),
            type: "time", decimal: false, narrow: true)
        minutes = InputField(
            "minutes", t("workoutForm.length"), unit: t("workoutForm.unit.minutes"), value: values["minutes"] ?? "",
            errors: errors, narrow: true)
        distance = InputField(
            "distance", t("workoutForm.distance"),
            unit: t(units == .metric ? "workoutForm.unit.kmOptional" : "workoutForm.unit.milesOptional"),
            value: values["distance"] ?? "", errors: errors, narrow: true)
        energy = InputField(
            "energy", t("workoutForm.energy"), unit: t("workoutForm.unit.kcalOptional"), value: values["energy"] ?? "",
            errors: errors, narrow: true)
        var groups: [ExerciseGroup] = []
        var index = 0
        while let name = values["exercise-\(index)"] {
            groups.append(Self.group(index, name: name, values: values, errors: errors, unit: loadUnit))
            index += 1
        }
        exercises = groups
        hasExercises = !groups.isEmpty
    }

    private static func group(_ index: Int, name: String, values: Values, errors: FormErrors, unit: String)
        -> ExerciseGroup
    {
        let target = values["target-\(index)"].flatMap { $0.isEmpty ? nil : $0 }
        if values["duration-\(index)"] != nil {
            let duration = InputField(
                "duration-\(index)", t("workoutForm.minutesOf", ["exercise": name]), unit: t("workoutForm.unit.minutes"),
                value: values["duration-\(index)"] ?? "", errors: errors, narrow: true)
            return ExerciseGroup(index: index, name: name, target: target, duration: duration, sets: [])
        }
        var rows: [SetRow] = []
        var set = 0
        while values["reps-\(index)-\(set)"] != nil || values["load-\(index)-\(set)"] != nil {
            rows.append(row(index, set, values: values, errors: errors, unit: unit, extra: false))
            set += 1
        }
        rows.append(row(index, set, values: values, errors: errors, unit: unit, extra: true))
        return ExerciseGroup(index: index, name: name, target: target, duration: nil, sets: rows)
    }

    private static func row(_ index: Int, _ set: Int, values: Values, errors: FormErrors, unit: String, extra: Bool)
        -> SetRow
    {
        let reps = "reps-\(index)-\(set)"
        let load = "load-\(index)-\(set)"
        return SetRow(
            number: set + 1,
            reps: InputField(
                reps, t("workoutForm.reps"), value: values[reps] ?? "", errors: errors, decimal: false, narrow: true),
            load: InputField(load, t("workoutForm.load"), unit: unit, value: values[load] ?? "", errors: errors, narrow: true),
            extra: extra)
    }
}

extension WorkoutForm {
    /// A planned session as a form, filled with the plan: each set at the bottom of its rep range
    /// and at the planned load. The person changes what differed and saves.
    static func values(for session: PlannedSession, units: UnitSystem) -> Values {
        var values: Values = [
            "activity": WorkoutActivityType.traditionalStrengthTraining.rawValue, "minutes": String(session.totalMinutes),
        ]
        for (index, planned) in session.exercises.enumerated() {
            values["exercise-\(index)"] = t(planned.exercise.title)
            values["target-\(index)"] = TrainingPlanPage.dose(of: planned, units: units)
            guard let reps = planned.reps else {
                values["duration-\(index)"] = String(planned.minutes)
                continue
            }
            for set in 0..<planned.sets {
                values["reps-\(index)-\(set)"] = String(reps.lowerBound)
                values["load-\(index)-\(set)"] = planned.load.map { Self.shown($0, units) } ?? ""
            }
        }
        return values
    }

    /// A stored workout as a form: its sets grouped by exercise in the order first done.
    static func values(for workout: Workout, zone: TimeZone, units: UnitSystem) -> Values {
        var values: Values = [
            "activity": workout.activityType.rawValue, "time": DisplayFormat.time(workout.start, in: zone),
            "minutes": DisplayFormat.plain(workout.duration / 60),
            "distance": workout.distance.map {
                DisplayFormat.plain(units == .metric ? $0.metres / 1_000 : $0.metres / Self.metresPerMile, digits: 2)
            } ?? "",
            "energy": workout.activeEnergyKilocalories.map { DisplayFormat.plain($0) } ?? "",
        ]
        for (index, exercise) in workout.exercises.enumerated() {
            values["exercise-\(index)"] = exercise.name
            if exercise.sets.allSatisfy({ $0.reps == nil && $0.durationSeconds != nil }) {
                values["duration-\(index)"] = DisplayFormat.plain(
                    exercise.sets.compactMap(\.durationSeconds).reduce(0, +) / 60)
                continue
            }
            for (set, performed) in exercise.sets.enumerated() {
                values["reps-\(index)-\(set)"] = performed.reps.map { "\($0)" } ?? ""
                values["load-\(index)-\(set)"] = performed.load.map { Self.shown($0, units) } ?? ""
            }
        }
        return values
    }

    static let metresPerMile = 1_609.344

    static func shown(_ load: Mass, _ units: UnitSystem) -> String {
        DisplayFormat.plain(units == .metric ? load.kilograms : load.pounds, digits: 2)
    }
}
