import Foundation

/// Builds a week of sessions from the person's emphasis, time, equipment and injuries (spec 004, §8).
///
/// - **Split**: strength alternates session A (squat, horizontal push and pull, lunge, arms, core) and
///   B (hinge, vertical push and pull, lunge, arms, core); hybrid alternates strength and cardio;
///   cardio-first plans are all cardio except one full-body strength session when there are 3 or more.
/// - **Dose**: lower-body lifts 3 × 8–10, upper-body 3 × 10–12 (the spec's progression thresholds);
///   muscle gain adds a fourth set to compound lifts and puts isolation last.
/// - **Time**: an 8-minute warm-up (unless skipped, with a warning), then exercises in priority order
///   while they fit the session's minutes; what does not fit is named in the notes.
/// - **Substitutions and injuries**: each slot takes the first candidate the equipment allows that
///   loads no injured area (see ``ExerciseLibrary``); a slot with no safe option is left out and named.
public enum ProgramGenerator {
    public static let warmUpMinutes = 8

    enum SessionKind {
        case strengthA, strengthB, fullBody, cardio

        var name: String {
            switch self {
            case .strengthA: "Strength A: squat, push and pull"
            case .strengthB: "Strength B: hinge, press and pull-down"
            case .fullBody: "Full-body strength"
            case .cardio: "Cardio"
            }
        }

        var slots: [MovementPattern] {
            switch self {
            case .strengthA: [.squat, .horizontalPush, .horizontalPull, .lunge, .arms, .core]
            case .strengthB: [.hinge, .verticalPush, .verticalPull, .lunge, .arms, .core]
            case .fullBody: [.squat, .horizontalPush, .horizontalPull, .core]
            case .cardio: [.cardio]
            }
        }
    }

    /// - Parameter loads: the person's current working load per exercise id, from their history.
    public static func generate(
        _ rawPreferences: TrainingPreferences, loads: [String: Mass] = [:]
    ) throws(ValidationError) -> TrainingProgram {
        let preferences = try rawPreferences.validated()
        var notes: [String] = []
        var warnings: [String] = []
        let warmUp = preferences.skipWarmUp ? 0 : warmUpMinutes
        if preferences.skipWarmUp {
            warnings.append(
                "You chose to skip warm-ups. Starting cold raises your risk of injury; a few minutes of easy movement helps.")
        }
        if !preferences.injuries.isEmpty {
            let areas = preferences.injuries.map(\.displayName).sorted().joined(separator: ", ")
            notes.append(
                "Exercises that load your \(areas) are left out; safe alternatives take their place where there are any.")
        }
        if preferences.seriousCondition {
            warnings.append(
                "Because of the condition you told us about, please get your doctor's OK before starting this program. It is general guidance, not medical advice."
            )
        }

        var sessions: [PlannedSession] = []
        var noted = Set<String>()
        for kind in schedule(preferences) {
            var exercises: [PlannedExercise] = []
            var remaining = preferences.sessionMinutes - warmUp
            for (slot, choice) in choose(kind.slots, preferences, notes: &notes, noted: &noted)
                .sorted(by: { priority($0.1.exercise, preferences) < priority($1.1.exercise, preferences) })
            {
                let planned = dose(
                    choice, slot: slot, preferences: preferences, minutes: remaining, load: loads[choice.exercise.id])
                guard planned.minutes <= remaining, planned.minutes > 0 else {
                    let note = "\(choice.exercise.name) is left out of \(kind.name) to fit \(preferences.sessionMinutes) minutes."
                    if noted.insert(note).inserted { notes.append(note) }
                    continue
                }
                exercises.append(planned)
                remaining -= planned.minutes
            }
            // Keep the session in its natural order (by slot), not the priority order used to fill it.
            exercises.sort {
                (kind.slots.firstIndex(of: $0.exercise.pattern) ?? 0) < (kind.slots.firstIndex(of: $1.exercise.pattern) ?? 0)
            }
            sessions.append(PlannedSession(name: kind.name, warmUpMinutes: warmUp, exercises: exercises))
        }
        return TrainingProgram(
            emphasis: preferences.emphasis, sessions: sessions, notes: notes, warnings: warnings,
            physicianSignOffRecommended: preferences.seriousCondition)
    }

    static func schedule(_ preferences: TrainingPreferences) -> [SessionKind] {
        let count = preferences.sessionsPerWeek
        switch preferences.emphasis {
        case .strength:
            return (0..<count).map { $0 % 2 == 0 ? .strengthA : .strengthB }
        case .hybrid:
            var strengthDays = 0
            return (0..<count).map { index in
                guard index % 2 == 0 else { return .cardio }
                defer { strengthDays += 1 }
                return strengthDays % 2 == 0 ? .strengthA : .strengthB
            }
        case .cardio:
            return (0..<count).map { index in count >= 3 && index == 1 ? .fullBody : .cardio }
        }
    }

    struct Choice {
        let exercise: Exercise
        let substitutes: Exercise?
    }

    private static func choose(
        _ slots: [MovementPattern], _ preferences: TrainingPreferences, notes: inout [String], noted: inout Set<String>
    ) -> [(MovementPattern, Choice)] {
        slots.compactMap { slot in
            let candidates = ExerciseLibrary.candidates[slot] ?? []
            guard let preferred = candidates.first else { return nil }
            guard
                let pick = candidates.first(where: { $0.isPossible(with: preferences.equipment, injuries: preferences.injuries) })
            else {
                let note = "No \(slot.displayName) exercise is safe with your injuries and equipment, so that part is left out."
                if noted.insert(note).inserted { notes.append(note) }
                return nil
            }
            if pick != preferred {
                let why =
                    preferred.stresses.isDisjoint(with: preferences.injuries)
                    ? "without \(preferred.equipment.subtracting(preferences.equipment).map(\.displayName).sorted().joined(separator: " or "))"
                    : "to protect your \(preferred.stresses.intersection(preferences.injuries).map(\.displayName).sorted().joined(separator: " and "))"
                let note = "\(pick.name) instead of \(preferred.name), \(why)."
                if noted.insert(note).inserted { notes.append(note) }
            }
            return (slot, Choice(exercise: pick, substitutes: pick == preferred ? nil : preferred))
        }
    }

    /// Lower numbers fill the session first: compound lifts, then isolation, then core.
    static func priority(_ exercise: Exercise, _ preferences: TrainingPreferences) -> Int {
        switch (exercise.region, exercise.isCompound) {
        case (.cardio, _): 0
        case (.lower, true), (.upper, true): 1
        case (.core, _): preferences.buildMuscle ? 3 : 2
        default: preferences.buildMuscle ? 4 : 2
        }
    }

    private static func dose(
        _ choice: Choice, slot: MovementPattern, preferences: TrainingPreferences, minutes available: Int, load: Mass?
    ) -> PlannedExercise {
        let exercise = choice.exercise
        switch exercise.region {
        case .cardio:
            return PlannedExercise(
                exercise: exercise, sets: 1, reps: nil, minutes: available, load: nil, substitutes: choice.substitutes)
        case .core:
            return PlannedExercise(exercise: exercise, sets: 3, reps: nil, minutes: 4, load: nil, substitutes: choice.substitutes)
        case .lower, .upper:
            let sets = preferences.buildMuscle && exercise.isCompound ? 4 : 3
            let reps = exercise.region == .lower ? 8...10 : 10...12
            let minutesPerSet = exercise.isCompound ? 2.5 : 2.0
            return PlannedExercise(
                exercise: exercise, sets: sets, reps: reps, minutes: Int((Double(sets) * minutesPerSet).rounded(.up)), load: load,
                substitutes: choice.substitutes)
        }
    }
}

extension InjuryArea {
    public var displayName: String {
        switch self {
        case .lowerBack: "lower back"
        default: rawValue
        }
    }
}

extension Equipment {
    public var displayName: String {
        switch self {
        case .pullUpBar: "a pull-up bar"
        case .cardioMachine: "a cardio machine"
        case .machines: "machines"
        default: rawValue == "barbell" ? "a barbell" : rawValue
        }
    }
}

extension MovementPattern {
    public var displayName: String {
        switch self {
        case .horizontalPush: "horizontal push"
        case .verticalPush: "vertical push"
        case .horizontalPull: "horizontal pull"
        case .verticalPull: "vertical pull"
        default: rawValue
        }
    }
}
