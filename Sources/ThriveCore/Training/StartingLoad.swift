import Foundation

/// The first working load of a lift from the onboarding's estimated 1RM (spec 004, §8: "baseline →
/// estimated 1RMs"): Epley's formula read backwards, `1RM ÷ (1 + reps ÷ 30)`, for the top of the
/// lift's rep range plus 2 repetitions in reserve, so the first session is a little easy and the
/// progression rules take over from there; rounded down to the equipment's step.
public enum StartingLoad {
    /// Repetitions kept in reserve in the first session.
    public static let repsInReserve = 2

    public static func load(oneRepMax: Mass, reps: ClosedRange<Int>, step: Mass) -> Mass {
        let repetitions = Double(reps.upperBound + repsInReserve)
        let exact = oneRepMax.kilograms / (1 + repetitions / 30)
        guard step.kilograms > 0 else { return Mass(kilograms: exact) }
        return Mass(kilograms: max(step.kilograms, (exact / step.kilograms + 1e-9).rounded(.down) * step.kilograms))
    }
}
