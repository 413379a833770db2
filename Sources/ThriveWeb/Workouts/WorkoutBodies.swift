import Foundation
import ThriveCore

/// A workout to log: what kind, when it started (default: `minutes` ago), how long, and the sets
/// performed. Loads are in kilograms, the API's unit whatever the person's display units.
struct WorkoutRequest: Codable {
    struct Set: Codable {
        var exercise: String
        var reps: Int?
        var loadKilograms: Double?
        var durationSeconds: Double?
        var rpe: Double?
    }

    var activityType: String?
    var startedAt: Date?
    var minutes: Double
    var sets: [Set]?
    var activeEnergyKilocalories: Double?
    var distanceMetres: Double?

    /// The request that logs `workout` as it is.
    init(_ workout: Workout) {
        activityType = workout.activityType.rawValue
        startedAt = workout.start
        minutes = workout.duration / 60
        sets = workout.sets.map {
            Set(
                exercise: $0.exercise, reps: $0.reps, loadKilograms: $0.load?.kilograms, durationSeconds: $0.durationSeconds,
                rpe: $0.rpe)
        }
        activeEnergyKilocalories = workout.activeEnergyKilocalories
        distanceMetres = workout.distance?.metres
    }

    func workout(id: UUID, now: Date) throws -> Workout {
        let activity =
            try activityType.map { name in
                guard let type = WorkoutActivityType(rawValue: name) else {
                    let known = WorkoutActivityType.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ValidationError(
                        field: "activityType", message: t("api.activityTypeUnknown", ["name": name, "known": known]))
                }
                return type
            } ?? .traditionalStrengthTraining
        if let loads = sets?.compactMap(\.loadKilograms), loads.contains(where: { !$0.isFinite }) {
            throw ValidationError(field: "sets", message: t("api.loadsInKilograms"))
        }
        return try ManualEntries.workout(
            id: id, activity: activity, startedAt: startedAt, minutes: minutes,
            sets: (sets ?? []).map {
                WorkoutSet(
                    exercise: $0.exercise.trimmingCharacters(in: .whitespaces), reps: $0.reps,
                    load: $0.loadKilograms.map { Mass(kilograms: $0) }, durationSeconds: $0.durationSeconds, rpe: $0.rpe)
            },
            activeEnergyKilocalories: activeEnergyKilocalories, distance: distanceMetres.map { Length(metres: $0) }, now: now)
    }
}

/// A logged workout, with what it means for next time: each loaded lift's next load and why.
struct WorkoutBody: Codable {
    struct Set: Codable {
        let exercise: String
        let reps: Int?
        let loadKilograms: Double?
        let durationSeconds: Double?
        let rpe: Double?
    }

    struct NextTime: Codable {
        let exercise: String
        let loadKilograms: Double
        let changePercent: Double
        let reason: String
    }

    let id: String
    let activityType: String
    let activityName: String
    let startedAt: Date
    let endedAt: Date
    let minutes: Double
    let activeEnergyKilocalories: Double?
    let distanceMetres: Double?
    let sets: [Set]
    let nextTime: [NextTime]

    /// - Parameter steps: the person's load steps, which next time's loads move in.
    init(_ workout: Workout, steps: LoadSteps) {
        id = workout.id.description
        activityType = workout.activityType.rawValue
        activityName = workout.activityType.title
        startedAt = workout.start
        endedAt = workout.end
        minutes = (workout.duration / 6).rounded() / 10
        activeEnergyKilocalories = workout.activeEnergyKilocalories
        distanceMetres = workout.distance?.metres
        sets = workout.sets.map {
            Set(
                exercise: $0.exercise, reps: $0.reps, loadKilograms: $0.load?.kilograms, durationSeconds: $0.durationSeconds,
                rpe: $0.rpe)
        }
        nextTime = WorkoutProgress.nextTime(after: workout, resolve: ExerciseNames.exercise(named:), steps: steps).map {
            NextTime(
                exercise: t($0.exercise.title), loadKilograms: $0.decision.load.kilograms,
                changePercent: ($0.decision.change * 1_000).rounded() / 10, reason: t($0.decision.reason))
        }
    }
}
