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
    /// A lab result of AAT at or over four times the top of the normal range (spec 001).
    case aatSpike
    /// A lab result of AAT under the protective threshold (see ``AATThresholds``).
    case aatLow

    /// The conditions a lab result raises, evaluated when a lab posts one.
    public static let labConditions: Set<SafetyCondition> = [.aatSpike, .aatLow]

    /// Every condition is a critical notification but a low AAT level: that is lifelong and for the
    /// next appointment, not for waking someone; it comes as a test result.
    public var notificationKind: NotificationKind { self == .aatLow ? .testResult : .criticalAlert }

    /// "Resting heart rate above 100 bpm", "Eating below your safe minimum", …
    public var title: Phrase { Phrase("safety.\(rawValue).title") }

    /// Immediate-danger guidance, shown with every alert; the app never calls anyone itself.
    public static let emergencyAdvice = Phrase("safety.emergencyAdvice")
}

/// One condition found in the person's data, worded to advise without diagnosing.
public struct SafetyFinding: Hashable, Sendable, Codable {
    public let condition: SafetyCondition
    /// What was found and what to do, a sentence a phrase; the last one always points to a clinician.
    public let message: [Phrase]
    /// The readings that triggered it, in plain words.
    public let evidence: Phrase
    /// When the triggering data was recorded.
    public let observedOn: LocalDate

    public init(condition: SafetyCondition, message: [Phrase], evidence: Phrase, observedOn: LocalDate) {
        self.condition = condition
        self.message = message
        self.evidence = evidence
        self.observedOn = observedOn
    }
}
