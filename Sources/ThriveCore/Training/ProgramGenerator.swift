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

    enum SessionKind: String {
        case strengthA, strengthB, fullBody, cardio

        var title: Phrase { Phrase("training.session.\(rawValue)") }

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
        var notes: [Phrase] = []
        var warnings: [Phrase] = []
        let warmUp = preferences.skipWarmUp ? 0 : warmUpMinutes
        if preferences.skipWarmUp {
            warnings.append(Phrase("training.warning.skipWarmUp"))
        }
        if !preferences.injuries.isEmpty {
            notes.append(Phrase("training.note.injuries", ["areas": InjuryArea.list(preferences.injuries)]))
        }
        if preferences.seriousCondition {
            warnings.append(Phrase("training.warning.condition"))
        }

        var sessions: [PlannedSession] = []
        var noted = Set<Phrase>()
        for kind in schedule(preferences) {
            var exercises: [PlannedExercise] = []
            var remaining = preferences.sessionMinutes - warmUp
            for (slot, choice) in choose(kind.slots, preferences, notes: &notes, noted: &noted)
                .sorted(by: { priority($0.1.exercise, preferences) < priority($1.1.exercise, preferences) })
            {
                let planned = dose(
                    choice, slot: slot, preferences: preferences, minutes: remaining, load: loads[choice.exercise.id])
                guard planned.minutes <= remaining, planned.minutes > 0 else {
                    let note = Phrase(
                        "training.note.leftOut",
                        [
                            "exercise": .phrase(choice.exercise.title), "session": .phrase(kind.title),
                            "minutes": .integer(preferences.sessionMinutes),
                        ])
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
            sessions.append(PlannedSession(title: kind.title, warmUpMinutes: warmUp, exercises: exercises))
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
        _ slots: [MovementPattern], _ preferences: TrainingPreferences, notes: inout [Phrase], noted: inout Set<Phrase>
    ) -> [(MovementPattern, Choice)] {
        slots.compactMap { slot in
            let candidates = ExerciseLibrary.candidates[slot] ?? []
            guard let preferred = candidates.first else { return nil }
            guard
                let pick = candidates.first(where: { $0.isPossible(with: preferences.equipment, injuries: preferences.injuries) })
            else {
                let note = Phrase("training.note.noSafe", ["pattern": .phrase(Phrase("training.pattern.\(slot.rawValue)"))])
                if noted.insert(note).inserted { notes.append(note) }
                return nil
            }
            if pick != preferred {
                let why =
                    preferred.stresses.isDisjoint(with: preferences.injuries)
                    ? Phrase(
                        "training.why.without",
                        ["equipment": Equipment.list(preferred.equipment.subtracting(preferences.equipment))])
                    : Phrase(
                        "training.why.protect", ["areas": InjuryArea.list(preferred.stresses.intersection(preferences.injuries))])
                let note = Phrase(
                    "training.note.instead",
                    ["pick": .phrase(pick.title), "preferred": .phrase(preferred.title), "why": .phrase(why)])
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

    /// The repetitions a loaded lift is planned for: 8–10 for the legs, 10–12 for the upper body.
    public static func repRange(for region: BodyRegion) -> ClosedRange<Int> {
        region == .lower ? 8...10 : 10...12
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
            let reps = repRange(for: exercise.region)
            let minutesPerSet = exercise.isCompound ? 2.5 : 2.0
            return PlannedExercise(
                exercise: exercise, sets: sets, reps: reps, minutes: Int((Double(sets) * minutesPerSet).rounded(.up)), load: load,
                substitutes: choice.substitutes)
        }
    }
}

extension InjuryArea {
    /// "knee, lower back": the areas, in a stable order, as a list in the reader's language.
    static func list(_ areas: Set<InjuryArea>) -> Phrase.Value {
        .list(areas.map(\.rawValue).sorted().map { Phrase("training.area.\($0)") })
    }
}

extension Equipment {
    static func list(_ equipment: Set<Equipment>) -> Phrase.Value {
        .list(equipment.map(\.rawValue).sorted().map { Phrase("training.equipment.\($0)") })
    }
}

extension Exercise {
    /// The exercise's name in the reader's language (`exercise.` + id); ``name`` is the English one
    /// workouts are matched by.
    public var title: Phrase { Phrase("exercise.\(id)") }
}
