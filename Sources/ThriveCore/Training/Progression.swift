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
/// short keeps the load: progression never raises a weight the person could not yet move.
///
/// Loads move in the equipment's real steps (``LoadSteps``): the new load is the wanted one rounded to
/// the step, and the change reported is the change made. When even one step is more than +5 % (light
/// dumbbells), progression goes by repetitions first, the double progression of strength coaching: same
/// load until every set reaches 4 more repetitions than the threshold, then one step up. Without
/// confirmed sets, a completed session gets the spec's auto-increment of +2.5 % when a step that small
/// exists, marked as an estimate; a missed session changes nothing.
public enum Progression {
    public static let upperRepThreshold = 10
    public static let lowerRepThreshold = 8
    /// Repetitions over the threshold that earn a step bigger than +5 %.
    public static let doubleProgressionReps = 4
    public static let largestIncrease = 0.05

    public static func threshold(for region: BodyRegion) -> Int {
        region == .lower ? lowerRepThreshold : upperRepThreshold
    }

    public static func next(
        region: BodyRegion, current: Mass, evidence: SessionEvidence, step: Mass = Mass(kilograms: 0.25)
    ) -> ProgressionDecision {
        switch evidence {
        case .missed:
            return ProgressionDecision(
                load: current, change: 0, estimated: false, reason: Phrase("progression.missed"))
        case .completedUnconfirmed:
            guard let load = increased(current, by: 0.025, step: step) else {
                return ProgressionDecision(
                    load: current, change: 0, estimated: true, reason: Phrase("progression.unconfirmedSame"))
            }
            return ProgressionDecision(
                load: load, change: change(from: current, to: load), estimated: true,
                reason: Phrase("progression.unconfirmed", ["percent": percent(from: current, to: load)]))
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
            if let load = increased(current, by: rate, step: step) {
                return ProgressionDecision(
                    load: load, change: change(from: current, to: load), estimated: false,
                    reason: Phrase(
                        "progression.up",
                        ["fewest": .integer(fewest), "target": .integer(target), "percent": percent(from: current, to: load)]))
            }
            // The smallest real step is more than +5 %: repetitions first, then that step.
            let next = nextStep(above: current, step: step)
            let goal = target + doubleProgressionReps
            guard fewest >= goal else {
                return ProgressionDecision(
                    load: current, change: 0, estimated: false,
                    reason: Phrase(
                        "progression.repsFirst",
                        ["fewest": .integer(fewest), "percent": percent(from: current, to: next), "goal": .integer(goal)]))
            }
            return ProgressionDecision(
                load: next, change: change(from: current, to: next), estimated: false,
                reason: Phrase(
                    "progression.stepUp",
                    ["fewest": .integer(fewest), "percent": percent(from: current, to: next), "target": .integer(target)]))
        }
    }

    /// `current` raised by about `rate`, on the equipment's steps, when that is a real rise of at most
    /// +5 %; nil when no step that small exists.
    static func increased(_ current: Mass, by rate: Double, step: Mass) -> Mass? {
        let wanted = LoadSteps.rounded(Mass(kilograms: current.kilograms * (1 + rate)), to: step)
        if wanted.kilograms > current.kilograms + 1e-6, wanted.kilograms <= current.kilograms * (1 + largestIncrease) + 1e-9 {
            return wanted
        }
        let next = nextStep(above: current, step: step)
        return next.kilograms <= current.kilograms * (1 + largestIncrease) + 1e-9 ? next : nil
    }

    /// The first load on the equipment's steps above `current`.
    static func nextStep(above current: Mass, step: Mass) -> Mass {
        guard step.kilograms > 0 else { return current }
        // A load already on the steps reads as that step, however its pounds or kilograms were rounded.
        let steps = (current.kilograms / step.kilograms + 1e-6).rounded(.down) + 1
        return Mass(kilograms: steps * step.kilograms)
    }

    static func change(from current: Mass, to load: Mass) -> Double {
        current.kilograms > 0 ? load.kilograms / current.kilograms - 1 : 0
    }

    /// The change as it reads: "4.2" (%), one decimal unless whole.
    static func percent(from current: Mass, to load: Mass) -> Phrase.Value {
        let value = (change(from: current, to: load) * 1_000).rounded() / 10
        return .decimal(value, digits: value == value.rounded() ? 0 : 1)
    }
}
