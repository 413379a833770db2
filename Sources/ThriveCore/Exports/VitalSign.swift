import Foundation

/// How a measured value is written as a FHIR R4 vital-sign `Observation`: its LOINC code and
/// name, and its UCUM unit with the factor from Thrive's stored SI value (a fraction 0.97 is 97 %,
/// a height of 1.68 m is 168 cm). Codes are those of the FHIR vital-signs profile where it names
/// one (heart rate 8867-4, oxygen saturation 2708-6, respiratory rate 9279-1, body weight 29463-7,
/// body height 8302-2), and LOINC's own otherwise.
public struct VitalSign: Sendable, Equatable {
    public let loinc: String
    public let display: String
    public let unit: String
    public let factor: Double

    public init(loinc: String, display: String, unit: String, factor: Double) {
        self.loinc = loinc
        self.display = display
        self.unit = unit
        self.factor = factor
    }

    public static func of(_ type: QuantityType) -> VitalSign? {
        switch type {
        case .heartRate: VitalSign(loinc: "8867-4", display: "Heart rate", unit: "/min", factor: 1)
        case .restingHeartRate: VitalSign(loinc: "40443-4", display: "Heart rate --resting", unit: "/min", factor: 1)
        case .heartRateVariabilitySDNN:
            VitalSign(
                loinc: "80404-7", display: "R-R interval.standard deviation (Heart rate variability)", unit: "ms", factor: 1)
        case .oxygenSaturation:
            VitalSign(loinc: "2708-6", display: "Oxygen saturation in Arterial blood", unit: "%", factor: 100)
        case .respiratoryRate: VitalSign(loinc: "9279-1", display: "Respiratory rate", unit: "/min", factor: 1)
        case .bodyMass: VitalSign(loinc: "29463-7", display: "Body weight", unit: "kg", factor: 1)
        case .height: VitalSign(loinc: "8302-2", display: "Body height", unit: "cm", factor: 100)
        case .bodyFatPercentage: VitalSign(loinc: "41982-0", display: "Percentage of body fat Measured", unit: "%", factor: 100)
        default: nil
        }
    }
}
