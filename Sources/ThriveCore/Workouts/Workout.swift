import Foundation

/// The kind of session, named after HealthKit's `HKWorkoutActivityType` cases.
public enum WorkoutActivityType: String, Sendable, Codable, CaseIterable {
    case traditionalStrengthTraining
    case functionalStrengthTraining
    case running
    case walking
    case cycling
    case swimming
    case highIntensityIntervalTraining
    case yoga
    case rowing
    case other

    /// Muscle-strengthening sessions.
    public var isStrength: Bool { self == .traditionalStrengthTraining || self == .functionalStrengthTraining }

    /// Aerobic sessions (yoga and other kinds count as neither).
    public var isCardio: Bool {
        switch self {
        case .running, .walking, .cycling, .swimming, .highIntensityIntervalTraining, .rowing: return true
        case .traditionalStrengthTraining, .functionalStrengthTraining, .yoga, .other: return false
        }
    }
}

/// One set the person performed: the unit that progressive overload works on.
public struct WorkoutSet: Hashable, Sendable, Codable {
    public let exercise: String
    public let reps: Int?
    public let load: Mass?
    public let durationSeconds: Double?
    /// Rating of perceived exertion, 1–10.
    public let rpe: Double?

    public init(exercise: String, reps: Int? = nil, load: Mass? = nil, durationSeconds: Double? = nil, rpe: Double? = nil) {
        self.exercise = exercise
        self.reps = reps
        self.load = load
        self.durationSeconds = durationSeconds
        self.rpe = rpe
    }

    func validate(at index: Int) throws(ValidationError) {
        let name = exercise.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 100 else {
            throw ValidationError.length("sets[\(index)].exercise", "exerciseName", atMost: 100)
        }
        if let reps, !(0...100).contains(reps) {
            throw ValidationError.range("sets[\(index)].reps", "reps", 0, 100)
        }
        if let load, !(0...1_000).contains(load.kilograms) {
            throw ValidationError.range("sets[\(index)].load", "load", 0, 1_000, unit: " kg")
        }
        if let durationSeconds, !(0...86_400).contains(durationSeconds) {
            throw ValidationError.because("sets[\(index)].durationSeconds", "setDuration")
        }
        if let rpe, !(1...10).contains(rpe) {
            throw ValidationError.range("sets[\(index)].rpe", "rpe", 1, 10)
        }
    }
}

/// A training session with its sets, in the order performed.
public struct Workout: Hashable, Sendable, Codable, Identifiable {
    public let id: WorkoutID
    public let activityType: WorkoutActivityType
    public let start: Date
    public let end: Date
    public let activeEnergyKilocalories: Double?
    public let distance: Length?
    public let sets: [WorkoutSet]
    public let source: SampleSource
    public let sync: SyncStamp?

    public init(
        id: WorkoutID, activityType: WorkoutActivityType, start: Date, end: Date,
        activeEnergyKilocalories: Double? = nil, distance: Length? = nil, sets: [WorkoutSet] = [],
        source: SampleSource, sync: SyncStamp? = nil
    ) {
        self.id = id
        self.activityType = activityType
        self.start = start
        self.end = end
        self.activeEnergyKilocalories = activeEnergyKilocalories
        self.distance = distance
        self.sets = sets
        self.source = source
        self.sync = sync
    }

    public var duration: TimeInterval { end.timeIntervalSince(start) }

    /// The sets grouped by exercise (names compared without case), in the order each was first done,
    /// each under the name as first written.
    public var exercises: [(name: String, sets: [WorkoutSet])] {
        var order: [String] = []
        var names: [String: String] = [:]
        var groups: [String: [WorkoutSet]] = [:]
        for set in sets {
            let key = set.exercise.lowercased()
            if groups[key] == nil {
                order.append(key)
                names[key] = set.exercise
            }
            groups[key, default: []].append(set)
        }
        return order.map { (names[$0] ?? $0, groups[$0] ?? []) }
    }

    public func validated() throws(ValidationError) -> Workout {
        try SampleChecks.span(start: start, end: end)
        guard duration <= 24 * 3_600 else {
            throw ValidationError.because("end", "workoutDuration")
        }
        if let energy = activeEnergyKilocalories, !(0...20_000).contains(energy) {
            throw ValidationError.range("activeEnergy", "activeEnergy", 0, 20_000, unit: " kcal")
        }
        if let distance, !(0...1_000_000).contains(distance.metres) {
            throw ValidationError.range("distance", "distance", 0, 1_000, unit: " km")
        }
        guard sets.count <= 200 else {
            throw ValidationError.because("sets", "tooManySets")
        }
        for (index, set) in sets.enumerated() { try set.validate(at: index) }
        try SampleChecks.source(source)
        try SampleChecks.sync(sync)
        return self
    }
}
