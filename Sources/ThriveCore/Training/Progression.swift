import Foundation

/// What the person did with a planned exercise last time.
public enum SessionEvidence: Hashable, Sendable {
    /// The sets they confirmed: reps and load as performed.
    case confirmed([WorkoutSet])
    /// The session was recorded (a watch saw the workout) but the sets were not confirmed.
    case completedUnconfirmed
    case missed
}

/// The load for next time and why.
public struct ProgressionDecision: Hashable, Sendable {
    public let load: Mass
    public let change: Double
    /// True when the change was inferred without confirmed sets.
    public let estimated: Bool
    /// Why, in the reader's language once rendered (`progression.` keys).
    public let reason: Phrase
}

/// Progressive overload as spec 004, section 8, gives it: upper-body lifts go up 2.5–5 % once every
/// working set reaches 10–12 repetitions; lower-body lifts once every working set reaches 8. We add
/// 2.5 % at the threshold and 5 % when every set beat it by two repetitions or more. Any set that falls
/// short keeps the load: progression never raises a weight the person could not yet move. Without
/// confirmed sets, a completed session adds the minimum step (the spec's auto-increment), marked as an
/// estimate; a missed session changes nothing. Loads are rounded to 0.25 kg, never past +5 %.
public enum Progression {
    public static let upperRepThreshold = 10
    public static let lowerRepThreshold = 8

    public static func threshold(for region: BodyRegion) -> Int {
        region == .lower ? lowerRepThreshold : upperRepThreshold
    }

    public static func next(region: BodyRegion, current: Mass, evidence: SessionEvidence) -> ProgressionDecision {
        switch evidence {
        case .missed:
            return ProgressionDecision(
                load: current, change: 0, estimated: false, reason: Phrase("progression.missed"))
        case .completedUnconfirmed:
            return ProgressionDecision(
                load: step(current, by: 0.025), change: 0.025, estimated: true,
                reason: Phrase("progression.unconfirmed"))
        case .confirmed(let sets):
            // Lighter sets (warm-ups) do not count as working sets.
            let working = sets.filter { ($0.load?.kilograms ?? 0) >= current.kilograms * 0.9 && $0.reps != nil }
            guard !working.isEmpty else {
                return ProgressionDecision(
                    load: current, change: 0, estimated: false,
                    reason: Phrase("progression.noWorkingSets"))
            }
            let target = threshold(for: region)
            let fewest = working.compactMap(\.reps).min() ?? 0
            guard fewest >= target else {
                return ProgressionDecision(
                    load: current, change: 0, estimated: false,
                    reason: Phrase("progression.short", ["fewest": .integer(fewest), "target": .integer(target)]))
            }
            let rate = fewest >= target + 2 ? 0.05 : 0.025
            return ProgressionDecision(
                load: step(current, by: rate), change: rate, estimated: false,
                reason: Phrase(
                    "progression.up",
                    [
                        "fewest": .integer(fewest), "target": .integer(target),
                        "percent": .decimal(rate * 100, digits: rate == 0.05 ? 0 : 1),
                    ]))
        }
    }

    /// To the nearest 0.25 kg, or down when the nearest would exceed 5 % (small dumbbells).
    static func step(_ load: Mass, by rate: Double) -> Mass {
        let exact = load.kilograms * (1 + rate) * 4
        let nearest = exact.rounded() / 4
        return Mass(kilograms: nearest <= load.kilograms * 1.05 ? nearest : exact.rounded(.down) / 4)
    }
}
