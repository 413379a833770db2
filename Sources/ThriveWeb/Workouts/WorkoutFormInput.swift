import Foundation
import ThriveCore

/// Reads the workout form (see ``WorkoutForm`` for its field names) into a validated workout. Each
/// problem names the field it belongs to, so the message appears beside that input.
enum WorkoutFormInput {
    static func workout(_ form: FormFields, id: UUID, date: LocalDate, person: PersonContext, now: Date) throws -> Workout {
        let units = person.profile.unitSystem
        let activity = form.text("activity").flatMap(WorkoutActivityType.init(rawValue:)) ?? .traditionalStrengthTraining
        guard let minutes = try form.number("minutes", label: t("workoutForm.length")) else {
            throw ValidationError(field: "minutes", message: t("workoutForm.error.minutes"))
        }
        let start = try form.text("time").map { try ManualEntries.moment($0, on: date, zone: person.zone) }
        let distance = try form.number("distance", label: t("workoutForm.distance")).map { typed in
            guard typed >= 0 else { throw ValidationError(field: "distance", message: t("workoutForm.error.distance")) }
            return Length(metres: units == .metric ? typed * 1_000 : typed * WorkoutForm.metresPerMile)
        }
        let energy = try form.number("energy", label: t("workoutForm.energy"))
        if let energy, !(0...20_000).contains(energy) {
            throw ValidationError(field: "energy", message: t("workoutForm.error.energy", ["max": DisplayFormat.count(20_000)]))
        }
        do {
            return try ManualEntries.workout(
                id: id, activity: activity, startedAt: start.map { min($0, now) }, minutes: minutes,
                sets: try sets(form, units: units), activeEnergyKilocalories: energy, distance: distance, now: now)
        } catch let error as ValidationError where error.field == "startedAt" {
            throw ValidationError(field: "time", message: error.message)
        }
    }

    /// The performed sets in the order of the form; a row left blank was not done.
    static func sets(_ form: FormFields, units: UnitSystem) throws -> [WorkoutSet] {
        var sets: [WorkoutSet] = []
        var index = 0
        while let name = form.text("exercise-\(index)") {
            defer { index += 1 }
            if form["duration-\(index)"] != nil {
                if let minutes = try form.number("duration-\(index)", label: t("workoutForm.unit.minutes")) {
                    guard (0...1_440).contains(minutes) else {
                        throw ValidationError(
                            field: "duration-\(index)",
                            message: t("workoutForm.error.duration", ["minutes": DisplayFormat.count(1_440)]))
                    }
                    sets.append(WorkoutSet(exercise: name, durationSeconds: minutes * 60))
                }
                continue
            }
            var set = 0
            while form["reps-\(index)-\(set)"] != nil || form["load-\(index)-\(set)"] != nil {
                defer { set += 1 }
                if let performed = try self.set(form, name: name, index: index, set: set, units: units) {
                    sets.append(performed)
                }
            }
        }
        return sets
    }

    private static func set(_ form: FormFields, name: String, index: Int, set: Int, units: UnitSystem) throws
        -> WorkoutSet?
    {
        let repsField = "reps-\(index)-\(set)"
        let loadField = "load-\(index)-\(set)"
        let typedLoad = try form.number(loadField, label: t("workoutForm.load"))
        guard let repsText = form.text(repsField) else {
            guard typedLoad == nil else {
                throw ValidationError(
                    field: repsField, message: t("workoutForm.error.repsMissing", ["set": String(set + 1), "exercise": name]))
            }
            return nil
        }
        guard let reps = Int(repsText), (0...100).contains(reps) else {
            throw ValidationError(field: repsField, message: t("workoutForm.error.reps"))
        }
        let load = typedLoad.map { units == .metric ? Mass(kilograms: $0) : Mass(pounds: $0) }
        if let load, !(0...1_000).contains(load.kilograms) {
            throw ValidationError(
                field: loadField,
                message: units == .metric
                    ? t("workoutForm.error.loadKg", ["max": DisplayFormat.count(1_000)])
                    : t("workoutForm.error.loadLb", ["max": DisplayFormat.count(Int(Mass(kilograms: 1_000).pounds))]))
        }
        return WorkoutSet(exercise: name, reps: reps, load: load.map { Mass(kilograms: ($0.kilograms * 100).rounded() / 100) })
    }
}
