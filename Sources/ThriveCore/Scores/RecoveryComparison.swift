import Foundation

/// Resting heart rate lately (the last 3 days) against the person's own 28-day baseline, in whole
/// bpm as both are shown. The recovery score, its band and the words that explain it all come from
/// this one comparison, so "at or below your usual" never sits above "63 against 61 bpm".
///
/// Within 2 bpm above the baseline is still the usual (a resting rate varies by that much from day
/// to day); 3 to 5 above is a little above; more is well above.
public struct RecoveryComparison: Hashable, Sendable {
    public enum State: String, Sendable {
        case belowUsual, nearUsual, aLittleAbove, wellAbove

        /// The score's band: recovered, getting there, or take it easy.
        public var band: ScoreBand {
            switch self {
            case .belowUsual, .nearUsual: .green
            case .aLittleAbove: .yellow
            case .wellAbove: .red
            }
        }
    }

    /// The stated tolerance: this many bpm above the baseline still reads as usual.
    public static let tolerance = 2
    /// Readings the baseline needs.
    public static let minimumBaselineDays = 7
    public static let recentDays = 3

    public let recent: Int
    public let baseline: Int

    public init(recent: Int, baseline: Int) {
        self.recent = recent
        self.baseline = baseline
    }

    /// The comparison ending on `date`, when there are recent readings and at least a week of baseline.
    public init?(date: LocalDate, days: HealthDays, policy: SourcePolicy, baselineDays: Int = 28) {
        func readings(_ count: Int) -> [Double] {
            days.window(endingOn: date, count: count).compactMap { $0.quantity(.restingHeartRate, policy: policy)?.mean }
        }
        let base = readings(baselineDays)
        guard base.count >= Self.minimumBaselineDays, let baseline = Statistics.mean(base),
            let recent = Statistics.mean(readings(Self.recentDays))
        else { return nil }
        self.init(recent: Int(recent.rounded()), baseline: Int(baseline.rounded()))
    }

    /// bpm above the baseline (negative below it).
    public var difference: Int { recent - baseline }

    public var state: State {
        switch difference {
        case ...0: .belowUsual
        case ...Self.tolerance: .nearUsual
        case ...5: .aLittleAbove
        default: .wellAbove
        }
    }

    /// 1 at or below the baseline, falling by 0.1 a bpm to 0 at 10 bpm above.
    public var score: Double { min(max(1 - Double(difference) / 10, 0), 1) }
}
