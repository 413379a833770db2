import Foundation

/// One night read for the signs spec 004 links with severe sleep apnea: "blood oxygen below 95 % …
/// and/or repeated severe fragmentation / extreme HR spikes at night". The spec gives the oxygen
/// threshold only; the other two come from published norms, so a person can be told what was seen:
///
/// - **Severe fragmentation**: 4 or more awakenings *and* a sleep efficiency (time asleep ÷ time in bed)
///   of 74 % or less. Both are the "inappropriate" (poor-quality) end of the National Sleep Foundation's
///   consensus indicators for adults (Ohayon M et al., "National Sleep Foundation's sleep quality
///   recommendations: first report", Sleep Health 2017;3(1):6–19). Either alone is common on an
///   ordinary bad night; together they are a broken night. Without in-bed times the night cannot show it.
/// - **Extreme heart-rate rise**: the highest heart rate in bed over 90 bpm, the American Academy of
///   Sleep Medicine's threshold for sinus tachycardia during sleep in adults (AASM Manual for the
///   Scoring of Sleep and Associated Events, cardiac rules). Apneas end in surges of heart rate; a
///   resting body asleep stays well under 90.
/// - **Low oxygen**: the night's mean under 95 %, in whole percent.
///
/// A consumer watch or ring counts awakenings and samples heart rate far more coarsely than a sleep
/// study: these are reasons to see a clinician, never a diagnosis.
public struct ApneaNight: Hashable, Sendable {
    public static let fragmentedAwakenings = 4
    public static let fragmentedEfficiencyPercent = 74
    public static let racingHeartRate = 90

    public let lowOxygen: Bool
    public let severelyFragmented: Bool
    public let heartRateRaced: Bool

    public init(oxygenPercent: Int?, night: SleepNight?) {
        lowOxygen = (oxygenPercent ?? 100) < SafetyMonitor.lowOxygenPercent
        if let night, let start = night.inBedStart, let end = night.inBedEnd, end > start {
            let efficiency = Int((night.asleepSeconds / end.timeIntervalSince(start) * 100).rounded())
            severelyFragmented =
                night.awakenings >= Self.fragmentedAwakenings && efficiency <= Self.fragmentedEfficiencyPercent
        } else {
            severelyFragmented = false
        }
        heartRateRaced = (night?.maximumHeartRate).map { Int($0.rounded()) > Self.racingHeartRate } ?? false
    }

    /// Any of the three signs.
    public var showsSigns: Bool { lowOxygen || isDisturbed }

    /// Fragmentation or a racing heart: what the apnea alert adds to the blood-oxygen one.
    public var isDisturbed: Bool { severelyFragmented || heartRateRaced }
}
