import ThriveCore

/// The main lifts the baseline asks about, each with its own heaviest recent set: every one given
/// sets that lift's first working load.
enum BaselineLifts {
    static let exercises: [(id: String, name: @Sendable () -> String)] = [
        ("back-squat", { t("onboarding.lift.squat") }),
        ("bench-press", { t("onboarding.lift.benchPress") }),
        ("deadlift", { t("onboarding.lift.deadlift") }),
    ]

    static func loadField(_ exercise: String) -> String { "load-\(exercise)" }
    static func repsField(_ exercise: String) -> String { "reps-\(exercise)" }

    /// One lift's two fields under its name.
    struct Group: Sendable {
        let legend: String
        let fields: [FormControl]
    }
}
