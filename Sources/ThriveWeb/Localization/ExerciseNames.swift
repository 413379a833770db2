import Foundation
import ThriveCore

/// Library exercises by the names people see: a session started from the plan fills the form with
/// the exercise's name in the reader's language, so a workout logged in German says
/// "Kniebeuge mit Langhantel" and still counts for the back squat's progression.
enum ExerciseNames {
    /// Every catalog's name of every library exercise, lowercased, to the exercise.
    private static let byName: [String: Exercise] = {
        var names: [String: Exercise] = [:]
        for exercise in ExerciseLibrary.all {
            names[exercise.name.lowercased()] = exercise
            for language in Language.allCases {
                if let name = StringCatalog.bundled[language]?["exercise.\(exercise.id)"] { names[name.lowercased()] = exercise }
            }
        }
        return names
    }()

    static func exercise(named name: String) -> Exercise? {
        byName[name.trimmingCharacters(in: .whitespaces).lowercased()]
    }
}
