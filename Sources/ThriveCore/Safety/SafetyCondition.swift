import Foundation

/// The critical conditions of spec 004, section 10. At most one alert per condition is open at a time.
public enum SafetyCondition: String, Sendable, Codable, CaseIterable {
    case restingHeartRateHigh
    case restingHeartRateLow
    case exerciseHeartRate
    case rapidWeightLoss
    case caloriesBelowFloor
    case lowBloodOxygen
    case sleepApneaSigns
    case irregularRhythm

    public var title: String {
        switch self {
        case .restingHeartRateHigh: "Resting heart rate above 100 bpm"
        case .restingHeartRateLow: "Resting heart rate below 60 bpm"
        case .exerciseHeartRate: "Very high heart rate during exercise"
        case .rapidWeightLoss: "Weight falling faster than 2 lb a week"
        case .caloriesBelowFloor: "Eating below your safe minimum"
        case .lowBloodOxygen: "Blood oxygen below 95 % for several days"
        case .sleepApneaSigns: "Night-time signs worth checking with a doctor"
        case .irregularRhythm: "Irregular heart rhythm notification"
        }
    }

    /// Immediate-danger guidance, shown with every alert; the app never calls anyone itself.
    public static let emergencyAdvice =
        "If you have chest pain, feel faint, or have trouble breathing, call your local emergency number (911 in the US) now."
}

/// One condition found in the person's data, worded to advise without diagnosing.
public struct SafetyFinding: Hashable, Sendable, Codable {
    public let condition: SafetyCondition
    public let message: String
    /// The readings that triggered it, in plain words.
    public let evidence: String
    /// When the triggering data was recorded.
    public let observedOn: LocalDate

    public init(condition: SafetyCondition, message: String, evidence: String, observedOn: LocalDate) {
        self.condition = condition
        self.message = message
        self.evidence = evidence
        self.observedOn = observedOn
    }
}
