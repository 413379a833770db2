import ThriveCore

/// `GET /api/v1/plan/training`: the program with its session names, notes and warnings in the
/// request's language. Exercises keep their stable `id` and English `name`.
struct TrainingProgramBody: Encodable {
    struct Session: Encodable {
        let name: String
        let warmUpMinutes: Int
        let exercises: [PlannedExercise]
    }

    let emphasis: TrainingPreferences.Emphasis
    let sessions: [Session]
    let notes: [String]
    let warnings: [String]
    let physicianSignOffRecommended: Bool

    init(_ program: TrainingProgram) {
        emphasis = program.emphasis
        sessions = program.sessions.map {
            Session(name: t($0.title), warmUpMinutes: $0.warmUpMinutes, exercises: $0.exercises)
        }
        notes = program.notes.map { t($0) }
        warnings = program.warnings.map { t($0) }
        physicianSignOffRecommended = program.physicianSignOffRecommended
    }
}
