import Foundation

/// What one confirmed workout means for one exercise next time.
public struct ExerciseProgress: Hashable, Sendable {
    public let exercise: Exercise
    /// The heaviest load of the session: the working weight progression starts from.
    public let current: Mass
    public let decision: ProgressionDecision
}

/// Reads progression out of workouts: the sets a person confirmed, grouped by library exercise.
/// Exercises that are not in the library, or were done without a load (body weight, timed work),
/// have no load to progress and are left out.
public enum WorkoutProgress {
    /// Next time's load for each loaded library exercise of the workout, in the order first performed.
    /// `resolve` finds the library exercise a set's name means (the web layer knows every language's
    /// names for them; English alone by default).
    public static func nextTime(
        after workout: Workout, resolve: (String) -> Exercise? = ExerciseLibrary.named,
        steps: LoadSteps = .defaults(for: .metric)
    ) -> [ExerciseProgress] {
        workout.exercises.compactMap { name, sets in
            guard let exercise = resolve(name),
                let current = sets.compactMap(\.load).filter({ $0.kilograms > 0 }).max()
            else { return nil }
            let decision = Progression.next(
                region: exercise.region, current: current, evidence: .confirmed(sets), step: steps.step(for: exercise))
            return ExerciseProgress(exercise: exercise, current: current, decision: decision)
        }
    }

    /// The working load per exercise id from a history of workouts (any order): the newest session
    /// that did an exercise with a load decides it.
    public static func loads(
        from workouts: [Workout], resolve: (String) -> Exercise? = ExerciseLibrary.named,
        steps: LoadSteps = .defaults(for: .metric)
    ) -> [String: Mass] {
        var loads: [String: Mass] = [:]
        for workout in workouts.sorted(by: { $0.start > $1.start }) {
            for progress in nextTime(after: workout, resolve: resolve, steps: steps) where loads[progress.exercise.id] == nil {
                loads[progress.exercise.id] = progress.decision.load
            }
        }
        return loads
    }
}
