import Foundation

/// Equipment a person can have.
public enum Equipment: String, Sendable, Codable, CaseIterable {
    case barbell, dumbbells, kettlebells, machines, pullUpBar, cardioMachine
}

/// Parts of the body an injury can rule exercises out for.
public enum InjuryArea: String, Sendable, Codable, CaseIterable {
    case shoulder, elbow, wrist, lowerBack, hip, knee, ankle
}

/// Where an exercise works: progression thresholds differ for upper and lower body (spec 004, §8).
public enum BodyRegion: String, Sendable, Codable {
    case upper, lower, core, cardio
}

/// What an exercise slot in a session is for; candidates for a slot can stand in for each other.
public enum MovementPattern: String, Sendable, Codable, CaseIterable {
    case squat, hinge, lunge, horizontalPush, verticalPush, horizontalPull, verticalPull, arms, core, cardio
}

public struct Exercise: Hashable, Sendable, Codable, Identifiable {
    public let id: String
    public let name: String
    public let pattern: MovementPattern
    public let region: BodyRegion
    public let isCompound: Bool
    /// Needs all of these (empty: body weight only).
    public let equipment: Set<Equipment>
    /// Loads these areas; any declared injury among them rules the exercise out.
    public let stresses: Set<InjuryArea>

    public func isPossible(with available: Set<Equipment>, injuries: Set<InjuryArea>) -> Bool {
        equipment.isSubset(of: available) && stresses.isDisjoint(with: injuries)
    }
}

/// Our exercises, each pattern's candidates in order of preference. The orders encode spec 004's
/// substitutions: without dumbbells, kettlebells or body weight; without a barbell, heavy dumbbells or
/// machines (the leg press).
public enum ExerciseLibrary {
    static func make(
        _ id: String, _ name: String, _ pattern: MovementPattern, _ region: BodyRegion, compound: Bool,
        _ equipment: Set<Equipment>, _ stresses: Set<InjuryArea>
    ) -> Exercise {
        Exercise(
            id: id, name: name, pattern: pattern, region: region, isCompound: compound, equipment: equipment, stresses: stresses)
    }

    public static let candidates: [MovementPattern: [Exercise]] = [
        .squat: [
            make("back-squat", "Back squat", .squat, .lower, compound: true, [.barbell], [.knee, .hip, .lowerBack]),
            make("goblet-squat", "Goblet squat", .squat, .lower, compound: true, [.dumbbells], [.knee, .hip]),
            make("leg-press", "Leg press", .squat, .lower, compound: true, [.machines], [.knee, .hip]),
            make(
                "kettlebell-goblet-squat", "Kettlebell goblet squat", .squat, .lower, compound: true, [.kettlebells],
                [.knee, .hip]),
            make("bodyweight-squat", "Bodyweight squat", .squat, .lower, compound: true, [], [.knee]),
            make("glute-bridge", "Glute bridge", .squat, .lower, compound: false, [], [.hip]),
        ],
        .hinge: [
            make("deadlift", "Deadlift", .hinge, .lower, compound: true, [.barbell], [.lowerBack, .hip, .knee]),
            make(
                "romanian-deadlift", "Dumbbell Romanian deadlift", .hinge, .lower, compound: true, [.dumbbells],
                [.lowerBack, .hip]),
            make("kettlebell-swing", "Kettlebell swing", .hinge, .lower, compound: true, [.kettlebells], [.lowerBack, .hip]),
            make("leg-curl", "Leg curl", .hinge, .lower, compound: false, [.machines], [.knee]),
            make("single-leg-bridge", "Single-leg glute bridge", .hinge, .lower, compound: false, [], [.hip]),
        ],
        .lunge: [
            make("walking-lunge", "Dumbbell walking lunge", .lunge, .lower, compound: true, [.dumbbells], [.knee, .hip]),
            make("split-squat", "Split squat", .lunge, .lower, compound: true, [], [.knee, .hip]),
            make("step-up", "Step-up", .lunge, .lower, compound: true, [], [.knee, .ankle]),
            make("calf-raise", "Calf raise", .lunge, .lower, compound: false, [], [.ankle]),
        ],
        .horizontalPush: [
            make("bench-press", "Bench press", .horizontalPush, .upper, compound: true, [.barbell], [.shoulder, .elbow, .wrist]),
            make(
                "dumbbell-bench-press", "Dumbbell bench press", .horizontalPush, .upper, compound: true, [.dumbbells],
                [.shoulder, .elbow]),
            make(
                "chest-press", "Machine chest press", .horizontalPush, .upper, compound: true, [.machines], [.shoulder, .elbow]),
            make("push-up", "Push-up", .horizontalPush, .upper, compound: true, [], [.shoulder, .wrist, .elbow]),
        ],
        .verticalPush: [
            make(
                "overhead-press", "Overhead press", .verticalPush, .upper, compound: true, [.barbell],
                [.shoulder, .elbow, .lowerBack]),
            make(
                "dumbbell-shoulder-press", "Dumbbell shoulder press", .verticalPush, .upper, compound: true, [.dumbbells],
                [.shoulder, .elbow]),
            make(
                "kettlebell-press", "Kettlebell press", .verticalPush, .upper, compound: true, [.kettlebells],
                [.shoulder, .elbow]),
            make("pike-push-up", "Pike push-up", .verticalPush, .upper, compound: true, [], [.shoulder, .wrist]),
        ],
        .horizontalPull: [
            make("barbell-row", "Barbell row", .horizontalPull, .upper, compound: true, [.barbell], [.lowerBack, .elbow]),
            make("dumbbell-row", "One-arm dumbbell row", .horizontalPull, .upper, compound: true, [.dumbbells], [.elbow]),
            make("seated-row", "Seated cable row", .horizontalPull, .upper, compound: true, [.machines], [.elbow]),
            make("kettlebell-row", "Kettlebell row", .horizontalPull, .upper, compound: true, [.kettlebells], [.elbow]),
            make("inverted-row", "Inverted row", .horizontalPull, .upper, compound: true, [.pullUpBar], [.elbow, .shoulder]),
        ],
        .verticalPull: [
            make("lat-pulldown", "Lat pulldown", .verticalPull, .upper, compound: true, [.machines], [.shoulder, .elbow]),
            make("pull-up", "Pull-up", .verticalPull, .upper, compound: true, [.pullUpBar], [.shoulder, .elbow]),
        ],
        .arms: [
            make("dumbbell-curl", "Dumbbell curl", .arms, .upper, compound: false, [.dumbbells], [.elbow, .wrist]),
            make("triceps-extension", "Dumbbell triceps extension", .arms, .upper, compound: false, [.dumbbells], [.elbow]),
            make("bench-dip", "Bench dip", .arms, .upper, compound: false, [], [.shoulder, .elbow, .wrist]),
        ],
        .core: [
            make("plank", "Plank", .core, .core, compound: false, [], [.shoulder]),
            make("dead-bug", "Dead bug", .core, .core, compound: false, [], []),
        ],
        .cardio: [
            make("run", "Run", .cardio, .cardio, compound: false, [], [.knee, .ankle, .hip]),
            make("rower", "Rowing machine", .cardio, .cardio, compound: false, [.cardioMachine], [.lowerBack]),
            make("bike", "Stationary bike", .cardio, .cardio, compound: false, [.cardioMachine], []),
            make("brisk-walk", "Brisk walk", .cardio, .cardio, compound: false, [], []),
        ],
    ]

    public static var all: [Exercise] { MovementPattern.allCases.flatMap { candidates[$0] ?? [] } }

    /// The exercise with this display name (as workouts record it), if it is ours.
    public static func named(_ name: String) -> Exercise? {
        all.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
}
