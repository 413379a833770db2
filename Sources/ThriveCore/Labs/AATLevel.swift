import Foundation

/// A serum alpha-1 antitrypsin level, kept in mg/dL as labs in the US report it.
///
/// Micromolar (µM, the unit of the ATS/ERS statement and of European labs) is mg/dL × 10 ÷ 52:
/// one decilitre of 1 mg/dL holds 10 mg per litre, and AAT weighs about 52 kDa (52,000 g/mol),
/// so 1 mg/dL ≈ 0.192 µM and the 11 µM protective threshold is 57 mg/dL. (Some references use
/// 54 kDa, giving 0.185; assays calibrated to different standards also differ by more than that,
/// so a converted value is shown to whole micromoles.)
public struct AATLevel: Hashable, Sendable, Comparable, Codable {
    /// Daltons (g/mol) used for the conversion.
    public static let molarMass = 52_000.0
    public let milligramsPerDeciliter: Double

    public init(milligramsPerDeciliter: Double) {
        self.milligramsPerDeciliter = milligramsPerDeciliter
    }

    public init(micromolar: Double) {
        milligramsPerDeciliter = micromolar * Self.molarMass / 10_000
    }

    public var micromolar: Double { milligramsPerDeciliter * 10_000 / Self.molarMass }

    /// As labs report it: mg/dL to one decimal. Every threshold is compared at this precision.
    public var reported: Double { (milligramsPerDeciliter * 10).rounded() / 10 }

    public static func < (lhs: AATLevel, rhs: AATLevel) -> Bool { lhs.milligramsPerDeciliter < rhs.milligramsPerDeciliter }
}

/// How a person reads AAT levels.
public enum AATUnit: String, Sendable, Codable, CaseIterable {
    case milligramsPerDeciliter = "mg/dL"
    case micromolar = "µM"
}
