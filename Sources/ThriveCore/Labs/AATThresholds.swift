import Foundation

/// Where an AAT level stops being ordinary, set by the operator (the lab's own reference range
/// wins over these defaults; `THRIVE_AAT_*`, see the README). Levels are compared as labs report
/// them, to a tenth of a mg/dL.
///
/// Defaults and their sources:
/// - **Normal range 100–200 mg/dL**: spec 001's range. (Purified-standard studies give 20–53 µM
///   for MM, about 104–276 mg/dL; commercial assays read lower — Brantly et al., Chest 1991.)
/// - **Protective threshold 57 mg/dL (11 µM)**: the level under which the risk of emphysema rises
///   markedly (ATS/ERS statement on AAT deficiency, 2003; "< 11 µM"). Under it the result is a
///   clinically important flag. 11 µM is about 57 mg/dL by nephelometry (and 80 mg/dL by the older
///   radial immunodiffusion, which some references quote).
/// - **Critical spike at 4 × the top of the normal range** (800 mg/dL): spec 001's critical alert
///   ("4x normal (820 mg/dL)"). AAT is an acute-phase protein: such a rise goes with severe
///   inflammation or infection, something for a doctor the same day.
public struct AATThresholds: Hashable, Sendable, Codable {
    public var normalLow: Double
    public var normalHigh: Double
    public var protective: Double
    public var spikeFactor: Double

    public init(normalLow: Double = 100, normalHigh: Double = 200, protective: Double = 57, spikeFactor: Double = 4) {
        self.normalLow = normalLow
        self.normalHigh = normalHigh
        self.protective = protective
        self.spikeFactor = spikeFactor
    }

    /// The level from which a result is a critical alert.
    public var spike: Double { normalHigh * spikeFactor }

    /// What is wrong with the settings, in words an operator can act on; nil when they hold together.
    public var problem: String? {
        guard normalLow > 0, protective > 0 else { return "AAT thresholds must be above zero." }
        guard normalLow < normalHigh else { return "The AAT normal range must go from a lower to a higher level." }
        guard protective <= normalLow else { return "The AAT protective threshold must be at or under the normal range." }
        guard spikeFactor > 1 else { return "The AAT spike factor must be more than 1." }
        return nil
    }
}

/// Where one level falls.
public enum AATBand: String, Sendable, Codable {
    /// At or over the spike: a critical alert.
    case criticalHigh
    case aboveNormal
    case normal
    case belowNormal
    /// Under the protective threshold: a clinically important flag.
    case belowProtective

    public init(_ level: AATLevel, _ thresholds: AATThresholds) {
        let value = level.reported
        self =
            if value >= thresholds.spike {
                .criticalHigh
            } else if value > thresholds.normalHigh {
                .aboveNormal
            } else if value >= thresholds.normalLow {
                .normal
            } else if value >= thresholds.protective {
                .belowNormal
            } else {
                .belowProtective
            }
    }
}
