/// A kind of state over a time span, named as HealthKit names it.
public enum CategoryType: String, Sendable, Codable, CaseIterable {
    case sleepAnalysis = "HKCategoryTypeIdentifierSleepAnalysis"
    case mindfulSession = "HKCategoryTypeIdentifierMindfulSession"
    /// An irregular rhythm notification from a device certified to detect it (value 0).
    case irregularHeartRhythmEvent = "HKCategoryTypeIdentifierIrregularHeartRhythmEvent"

    /// The values this type allows (HealthKit's raw values).
    public var allowedValues: ClosedRange<Int> {
        switch self {
        case .sleepAnalysis: 0...5
        case .mindfulSession, .irregularHeartRhythmEvent: 0...0
        }
    }

}

/// HealthKit's sleep stages (`HKCategoryValueSleepAnalysis`), with the same raw values.
public enum SleepStage: Int, Sendable, Codable, CaseIterable {
    case inBed = 0
    case asleepUnspecified = 1
    case awake = 2
    case asleepCore = 3
    case asleepDeep = 4
    case asleepREM = 5

    public var isAsleep: Bool {
        switch self {
        case .asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM: true
        case .inBed, .awake: false
        }
    }
}

extension CategoryType {
    /// What every HealthKit identifier of this kind starts with.
    public static let identifierPrefix = "HKCategoryTypeIdentifier"

    /// HealthKit's identifier without its prefix ("HeartRate"): the name it is stored under and the
    /// key of its name in the catalogs.
    public var shortName: String { String(rawValue.dropFirst(Self.identifierPrefix.count)) }
}
