import Foundation

/// The steps of onboarding in the order spec 004 (section 4) sets. Blocking steps must be done before
/// the app opens; the optional profile can be skipped.
public enum OnboardingStep: String, Sendable, Codable, CaseIterable {
    case consent, profile, optional, dataSource, baseline, plan

    public var isSkippable: Bool { self == .optional }

}

/// The versioned terms a person accepts before Thrive collects any health data.
public struct ConsentAcceptance: Hashable, Sendable, Codable {
    public let version: String
    public let acceptedAt: Date
    /// Separate and off by default: Thrive trains no models today; this records the person's choice.
    public var deidentifiedModelTraining: Bool

    public init(version: String, acceptedAt: Date, deidentifiedModelTraining: Bool) {
        self.version = version
        self.acceptedAt = acceptedAt
        self.deidentifiedModelTraining = deidentifiedModelTraining
    }
}

/// The required health details beyond the body measurements (spec 004, section 5). An empty list
/// after the step is an answer ("none"), not a gap.
public struct HealthDetails: Hashable, Sendable, Codable {
    public var allergies: [Allergy]
    public var otherAllergies: String?
    public var diets: [Diet]
    public var conditions: [MedicalCondition]
    public var goals: [HealthGoal]

    public init(
        allergies: [Allergy] = [], otherAllergies: String? = nil, diets: [Diet] = [], conditions: [MedicalCondition] = [],
        goals: [HealthGoal] = []
    ) {
        self.allergies = allergies
        self.otherAllergies = otherAllergies
        self.diets = diets
        self.conditions = conditions
        self.goals = goals
    }

    /// A condition that calls for a doctor's sign-off before training hard.
    public var needsPhysicianSignOff: Bool { conditions.contains { $0.needsPhysicianSignOff } }

    /// The nutrition goal the chosen goals imply: weight loss wins, then muscle gain, else maintain.
    /// Pregnancy never gets a deficit.
    public var nutritionGoal: NutritionGoal {
        if goals.contains(.weightLoss), !conditions.contains(.pregnancy), !conditions.contains(.eatingDisorderHistory) {
            return .lose
        }
        if goals.contains(.muscleGain) { return .gain }
        return .maintain
    }
}

public enum Allergy: String, Sendable, Codable, CaseIterable {
    case peanuts, treeNuts, milk, eggs, fish, shellfish, soy, wheat, sesame

}

public enum Diet: String, Sendable, Codable, CaseIterable {
    case vegetarian, vegan, pescatarian, dairyFree, glutenFree, halal, kosher

}

public enum MedicalCondition: String, Sendable, Codable, CaseIterable {
    case heartCondition, highBloodPressure, diabetes, pregnancy, kidneyDisease, eatingDisorderHistory, jointProblems

    var needsPhysicianSignOff: Bool {
        switch self {
        case .heartCondition, .highBloodPressure, .diabetes, .pregnancy, .kidneyDisease: true
        case .eatingDisorderHistory, .jointProblems: false
        }
    }
}

public enum HealthGoal: String, Sendable, Codable, CaseIterable {
    case weightLoss, generalFitness, sleep, healthyEating, muscleGain

}

/// Where the person's data will come from at first (spec 004: a device or manual entry, one is required).
public enum DataSourceChoice: String, Sendable, Codable, CaseIterable {
    case manual, deviceLater
    /// A device connected during onboarding (through the OAuth relay) brings the data.
    case device
}

/// The baseline assessments (spec 004, step 8): a bodyweight test, and an estimated one-repetition
/// maximum for each main lift the person does.
public struct BaselineAssessment: Hashable, Sendable, Codable {
    /// One lift's estimated maximum, from the heaviest recent set (Epley).
    public struct Lift: Hashable, Sendable, Codable {
        /// The exercise library's ID ("back-squat").
        public let exercise: String
        public let oneRepMax: Mass

        public init(exercise: String, oneRepMax: Mass) {
            self.exercise = exercise
            self.oneRepMax = oneRepMax
        }
    }

    public var pushUps: Int
    public var plankSeconds: Int?
    public var lifts: [Lift]

    public init(pushUps: Int, plankSeconds: Int? = nil, lifts: [Lift] = []) {
        self.pushUps = pushUps
        self.plankSeconds = plankSeconds
        self.lifts = lifts
    }

    private enum CodingKeys: String, CodingKey {
        case pushUps, plankSeconds, lifts
        // Before the baseline took several lifts it kept one.
        case liftExercise, liftOneRepMax
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pushUps = try container.decode(Int.self, forKey: .pushUps)
        plankSeconds = try container.decodeIfPresent(Int.self, forKey: .plankSeconds)
        if let lifts = try container.decodeIfPresent([Lift].self, forKey: .lifts) {
            self.lifts = lifts
        } else if let exercise = try container.decodeIfPresent(String.self, forKey: .liftExercise),
            let oneRepMax = try container.decodeIfPresent(Mass.self, forKey: .liftOneRepMax)
        {
            lifts = [Lift(exercise: exercise, oneRepMax: oneRepMax)]
        } else {
            lifts = []
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pushUps, forKey: .pushUps)
        try container.encodeIfPresent(plankSeconds, forKey: .plankSeconds)
        try container.encode(lifts, forKey: .lifts)
    }

    /// The estimated maximum of `exercise`, when the baseline has it.
    public func oneRepMax(of exercise: String) -> Mass? {
        lifts.first { $0.exercise == exercise }?.oneRepMax
    }

    public func validated() throws(ValidationError) -> BaselineAssessment {
        guard (0...200).contains(pushUps) else {
            throw ValidationError.range("pushUps", "pushUps", 0, 200)
        }
        if let plankSeconds, !(0...1_200).contains(plankSeconds) {
            throw ValidationError.because("plankSeconds", "plank")
        }
        return self
    }
}

/// How far a person is through onboarding. Each step's answer is kept, so leaving and coming back
/// resumes at the first step not yet done.
public struct OnboardingProgress: Hashable, Sendable, Codable {
    public var consent: ConsentAcceptance?
    public var details: HealthDetails?
    public var optionalDone = false
    public var dataSource: DataSourceChoice?
    public var baseline: BaselineAssessment?
    public var planAcceptedAt: Date?

    public init() {}

    /// A person who was here before onboarding existed (or the demo person): nothing to ask.
    public static func completed(at time: Date, consentVersion: String) -> OnboardingProgress {
        var progress = OnboardingProgress()
        progress.consent = ConsentAcceptance(version: consentVersion, acceptedAt: time, deidentifiedModelTraining: false)
        progress.details = HealthDetails(goals: [.generalFitness])
        progress.optionalDone = true
        progress.dataSource = .manual
        progress.baseline = BaselineAssessment(pushUps: 0)
        progress.planAcceptedAt = time
        return progress
    }

    /// Whether a step is done, given the profile's body measurements for the profile step.
    public func isDone(_ step: OnboardingStep, profile: Profile) -> Bool {
        switch step {
        case .consent: consent != nil
        case .profile:
            details != nil && profile.dateOfBirth != nil && profile.sex != nil && profile.height != nil && profile.weight != nil
        case .optional: optionalDone
        case .dataSource: dataSource != nil
        case .baseline: baseline != nil
        case .plan: planAcceptedAt != nil
        }
    }

    /// The first step not done, or nil when onboarding is complete.
    public func next(profile: Profile) -> OnboardingStep? {
        OnboardingStep.allCases.first { !isDone($0, profile: profile) }
    }

    /// A step can be opened once every step before it is done: no skipping ahead.
    public func canOpen(_ step: OnboardingStep, profile: Profile) -> Bool {
        OnboardingStep.allCases.prefix { $0 != step }.allSatisfy { isDone($0, profile: profile) }
    }

    public var hasConsent: Bool { consent != nil }

    /// Whether the terms accepted are `version` (new terms are asked for again).
    public func hasConsent(to version: String) -> Bool { consent?.version == version }
}
