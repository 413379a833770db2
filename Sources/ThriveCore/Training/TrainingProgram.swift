import Foundation

/// What the person wants from training and what they have to train with.
public struct TrainingPreferences: Hashable, Sendable, Codable {
    public enum Emphasis: String, Sendable, Codable, CaseIterable { case strength, cardio, hybrid }

    public var emphasis: Emphasis
    /// Default 4 (spec 004: 4–5 a week).
    public var sessionsPerWeek: Int
    /// Default 60 minutes; exercises are filtered to fit.
    public var sessionMinutes: Int
    public var equipment: Set<Equipment>
    public var injuries: Set<InjuryArea>
    /// Muscle gain favours compound lifts (spec 004, §8).
    public var buildMuscle: Bool
    /// Warm-ups are in every session unless the person skips them (with a warning).
    public var skipWarmUp: Bool
    /// A serious condition (heart, pregnancy, recent surgery): the program asks for a physician's sign-off.
    public var seriousCondition: Bool
    /// A maximum heart rate the person measured (a test, or a clinician's), in bpm; otherwise the
    /// exercise alert estimates it as 220 − age.
    public var maximumHeartRate: Int?
    /// The person's own smallest load steps (their dumbbells go up by 2 kg, their gym has 1.25 kg
    /// plates); nil uses the common steps for their units.
    public var loadSteps: LoadSteps?

    public init(
        emphasis: Emphasis = .strength, sessionsPerWeek: Int = 4, sessionMinutes: Int = 60,
        equipment: Set<Equipment> = Set(Equipment.allCases), injuries: Set<InjuryArea> = [], buildMuscle: Bool = false,
        skipWarmUp: Bool = false, seriousCondition: Bool = false, maximumHeartRate: Int? = nil, loadSteps: LoadSteps? = nil
    ) {
        self.loadSteps = loadSteps
        self.maximumHeartRate = maximumHeartRate
        self.emphasis = emphasis
        self.sessionsPerWeek = sessionsPerWeek
        self.sessionMinutes = sessionMinutes
        self.equipment = equipment
        self.injuries = injuries
        self.buildMuscle = buildMuscle
        self.skipWarmUp = skipWarmUp
        self.seriousCondition = seriousCondition
    }

    private enum CodingKeys: String, CodingKey {
        case emphasis, sessionsPerWeek, sessionMinutes, equipment, injuries, buildMuscle, skipWarmUp, seriousCondition,
            maximumHeartRate, loadSteps
    }

    /// Sets are written in their declared order, so the same preferences are always the same JSON
    /// (sync compares documents field by field; a set's own order changes from run to run).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(emphasis, forKey: .emphasis)
        try container.encode(sessionsPerWeek, forKey: .sessionsPerWeek)
        try container.encode(sessionMinutes, forKey: .sessionMinutes)
        try container.encode(Equipment.allCases.filter(equipment.contains), forKey: .equipment)
        try container.encode(InjuryArea.allCases.filter(injuries.contains), forKey: .injuries)
        try container.encode(buildMuscle, forKey: .buildMuscle)
        try container.encode(skipWarmUp, forKey: .skipWarmUp)
        try container.encode(seriousCondition, forKey: .seriousCondition)
        try container.encodeIfPresent(maximumHeartRate, forKey: .maximumHeartRate)
        try container.encodeIfPresent(loadSteps, forKey: .loadSteps)
    }

    /// Measured maximum heart rates a person can have.
    public static let maximumHeartRateRange = 100...230

    public func validated() throws(ValidationError) -> TrainingPreferences {
        if let first = problems().first { throw first }
        return self
    }

    /// Every value out of its range, each with its field, so a form can say them all at once.
    public func problems() -> [ValidationError] {
        var problems: [ValidationError] = []
        if !(1...7).contains(sessionsPerWeek) {
            problems.append(.because("sessionsPerWeek", "sessionsPerWeek"))
        }
        if !(20...180).contains(sessionMinutes) {
            problems.append(.because("sessionMinutes", "sessionMinutes"))
        }
        if let maximumHeartRate, !Self.maximumHeartRateRange.contains(maximumHeartRate) {
            problems.append(
                .range(
                    "maximumHeartRate", "maximumHeartRate", Double(Self.maximumHeartRateRange.lowerBound),
                    Double(Self.maximumHeartRateRange.upperBound), unit: " bpm"))
        }
        if let loadSteps {
            problems += loadSteps.problems()
        }
        return problems
    }
}

/// One exercise in a planned session.
public struct PlannedExercise: Hashable, Sendable, Codable {
    public let exercise: Exercise
    public let sets: Int
    /// Target repetitions (strength) or nil for timed work.
    public let reps: ClosedRange<Int>?
    public let minutes: Int
    /// The planned load, from the person's history; nil when there is none yet (find it in the session).
    public let load: Mass?
    /// The preferred exercise this one stands in for, when equipment or an injury ruled that out.
    public let substitutes: Exercise?
}

public struct PlannedSession: Hashable, Sendable, Codable {
    /// "Strength A: squat, push and pull" (`training.session.` keys).
    public let title: Phrase
    public let warmUpMinutes: Int
    public let exercises: [PlannedExercise]
    public var totalMinutes: Int { warmUpMinutes + exercises.map(\.minutes).reduce(0, +) }
}

public struct TrainingProgram: Hashable, Sendable, Codable {
    public let emphasis: TrainingPreferences.Emphasis
    public let sessions: [PlannedSession]
    /// Why the program looks as it does (substitutions, exclusions, the time limit).
    public let notes: [Phrase]
    /// Things to take seriously: a skipped warm-up, a condition that needs a doctor's sign-off.
    public let warnings: [Phrase]
    public let physicianSignOffRecommended: Bool
}
