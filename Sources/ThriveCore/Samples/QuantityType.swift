/// A kind of measured quantity, named as HealthKit names it so Apple Health imports map one to one.
///
/// Every value is stored in the type's ``canonicalUnit``: SI for mass and length, kilocalories for
/// energy (as on food labels), counts per minute for rates, a fraction (0–1) for percentages.
public enum QuantityType: String, Sendable, Codable, CaseIterable {
    case stepCount = "HKQuantityTypeIdentifierStepCount"
    case distanceWalkingRunning = "HKQuantityTypeIdentifierDistanceWalkingRunning"
    case activeEnergyBurned = "HKQuantityTypeIdentifierActiveEnergyBurned"
    case basalEnergyBurned = "HKQuantityTypeIdentifierBasalEnergyBurned"
    case appleExerciseTime = "HKQuantityTypeIdentifierAppleExerciseTime"
    case heartRate = "HKQuantityTypeIdentifierHeartRate"
    case restingHeartRate = "HKQuantityTypeIdentifierRestingHeartRate"
    case heartRateVariabilitySDNN = "HKQuantityTypeIdentifierHeartRateVariabilitySDNN"
    case oxygenSaturation = "HKQuantityTypeIdentifierOxygenSaturation"
    case respiratoryRate = "HKQuantityTypeIdentifierRespiratoryRate"
    case bodyMass = "HKQuantityTypeIdentifierBodyMass"
    case bodyFatPercentage = "HKQuantityTypeIdentifierBodyFatPercentage"
    case height = "HKQuantityTypeIdentifierHeight"
    case dietaryWater = "HKQuantityTypeIdentifierDietaryWater"
    /// What a food log in another app recorded (Apple Health's dietary types): kept as the person's
    /// record of it; Thrive's own meal log stays the nutrition pillar's source.
    case dietaryEnergyConsumed = "HKQuantityTypeIdentifierDietaryEnergyConsumed"
    case dietaryProtein = "HKQuantityTypeIdentifierDietaryProtein"
    case dietaryCarbohydrates = "HKQuantityTypeIdentifierDietaryCarbohydrates"
    case dietaryFatTotal = "HKQuantityTypeIdentifierDietaryFatTotal"
    case dietaryFiber = "HKQuantityTypeIdentifierDietaryFiber"
    case dietarySugar = "HKQuantityTypeIdentifierDietarySugar"
    case dietarySodium = "HKQuantityTypeIdentifierDietarySodium"
    case dietaryCaffeine = "HKQuantityTypeIdentifierDietaryCaffeine"

    /// How values of this type combine over time, as HealthKit defines it.
    public enum Aggregation: Sendable {
        /// Values add up (steps, energy): a day's total is the sum.
        case cumulative
        /// Values are readings (heart rate, weight): a day has an average, a minimum and a maximum.
        case discrete
    }

    public var canonicalUnit: HealthUnit {
        switch self {
        case .stepCount: .count
        case .distanceWalkingRunning, .height: .metre
        case .activeEnergyBurned, .basalEnergyBurned, .dietaryEnergyConsumed: .kilocalorie
        case .appleExerciseTime: .minute
        case .heartRate, .restingHeartRate, .respiratoryRate: .countPerMinute
        case .heartRateVariabilitySDNN: .millisecond
        case .oxygenSaturation, .bodyFatPercentage: .fraction
        case .bodyMass: .kilogram
        case .dietaryWater: .litre
        case .dietaryProtein, .dietaryCarbohydrates, .dietaryFatTotal, .dietaryFiber, .dietarySugar, .dietarySodium,
            .dietaryCaffeine:
            .gram
        }
    }

    public var aggregation: Aggregation {
        switch self {
        case .stepCount, .distanceWalkingRunning, .activeEnergyBurned, .basalEnergyBurned,
            .appleExerciseTime, .dietaryWater, .dietaryEnergyConsumed, .dietaryProtein, .dietaryCarbohydrates,
            .dietaryFatTotal, .dietaryFiber, .dietarySugar, .dietarySodium, .dietaryCaffeine:
            .cumulative
        case .heartRate, .restingHeartRate, .heartRateVariabilitySDNN, .oxygenSaturation,
            .respiratoryRate, .bodyMass, .bodyFatPercentage, .height:
            .discrete
        }
    }

    /// Values a real body or device can produce for one sample; anything outside is refused as a typo
    /// or a unit mix-up rather than stored and later mistaken for a health event.
    public var plausibleRange: ClosedRange<Double> {
        switch self {
        case .stepCount: 0...100_000
        case .distanceWalkingRunning: 0...300_000
        case .activeEnergyBurned, .basalEnergyBurned: 0...20_000
        case .appleExerciseTime: 0...1_440
        case .heartRate: 20...250
        case .restingHeartRate: 20...200
        case .heartRateVariabilitySDNN: 1...500
        case .oxygenSaturation: 0.5...1
        case .respiratoryRate: 4...60
        case .bodyMass: 20...400
        case .bodyFatPercentage: 0.02...0.7
        case .height: 0.5...2.5
        case .dietaryWater: 0...10
        // One logged food or meal: a day's worth at most.
        case .dietaryEnergyConsumed: 0...10_000
        case .dietaryProtein, .dietaryFatTotal: 0...1_000
        case .dietaryCarbohydrates, .dietarySugar: 0...2_000
        case .dietaryFiber: 0...300
        case .dietarySodium: 0...50
        case .dietaryCaffeine: 0...2
        }
    }

}

/// The unit a stored value is in.
public enum HealthUnit: String, Sendable, Codable {
    case count
    case countPerMinute = "count/min"
    case metre = "m"
    case kilogram = "kg"
    case kilocalorie = "kcal"
    case minute = "min"
    case millisecond = "ms"
    case fraction = "%"
    case litre = "L"
    case gram = "g"
}

extension QuantityType {
    /// What every HealthKit identifier of this kind starts with.
    public static let identifierPrefix = "HKQuantityTypeIdentifier"

    /// HealthKit's identifier without its prefix ("HeartRate"): the name it is stored under and the
    /// key of its name in the catalogs.
    public var shortName: String { String(rawValue.dropFirst(Self.identifierPrefix.count)) }
}
