import Foundation

/// The monthly check-in of a nutrition plan against the person's weight trend (spec 004, section 7.4).
///
/// Every 28 days, with at least 4 weigh-ins over at least 21 of those days, the observed rate (the
/// least-squares slope) is compared with the plan's target rate:
/// - losing: under half the target → −200 kcal; under 90 % → −100 kcal; over 110 % → +100 kcal;
/// - gaining: under 90 % → +100 kcal; over 110 % → −100 kcal;
/// - maintaining: drifting more than 0.1 kg a week either way → 100 kcal the other way.
/// A reduction never takes the target under the plan's floor.
public enum AdaptiveAdjustment {
    public static let interval: TimeInterval = 28 * 86_400

    public struct Decision: Hashable, Sendable {
        /// kcal to add to the current target (negative to reduce); 0 when nothing changes.
        public let change: Int
        /// Whether a check-in happened (enough time passed and enough weigh-ins); the caller records when.
        public let evaluated: Bool
        public let reason: PlanReason?
        /// The observed rate in kg a week (negative while losing), when it could be computed.
        public let observedRate: Double?
    }

    public static func evaluate(plan: NutritionPlan, weighIns: [WeighIn], lastEvaluation: Date?, now: Date) -> Decision {
        if let lastEvaluation, now.timeIntervalSince(lastEvaluation) < interval {
            return Decision(change: 0, evaluated: false, reason: nil, observedRate: nil)
        }
        let recent = weighIns.filter { $0.date <= now && now.timeIntervalSince($0.date) <= interval }
        guard recent.count >= 4, let first = recent.map(\.date).min(), let last = recent.map(\.date).max(),
            last.timeIntervalSince(first) >= 21 * 86_400, let slope = WeightTrend.kilogramsPerWeek(recent)
        else {
            return Decision(change: 0, evaluated: false, reason: nil, observedRate: nil)
        }
        var change = 0
        let target = plan.targetRateKilogramsPerWeek ?? 0
        switch plan.goal {
        case .lose:
            let lost = -slope
            if lost < 0.5 * target {
                change = -200
            } else if lost < 0.9 * target {
                change = -100
            } else if lost > 1.1 * target {
                change = 100
            }
        case .gain:
            if slope < 0.9 * target {
                change = 100
            } else if slope > 1.1 * target {
                change = -100
            }
        case .maintain:
            if slope > 0.1 {
                change = -100
            } else if slope < -0.1 {
                change = 100
            }
        }
        let trend: Phrase.Value = .text(String(format: "%+.2f", slope))
        let reason: Phrase
        if change < 0, plan.calories + change < plan.calorieFloor {
            change = plan.calorieFloor - plan.calories
            reason = Phrase("plan.adjustment.atFloor", ["trend": trend, "floor": .integer(plan.calorieFloor)])
        } else if change == 0 {
            reason = Phrase("plan.adjustment.onTrack", ["trend": trend])
        } else {
            reason = Phrase("plan.adjustment.changed", ["trend": trend, "change": .text("\(change > 0 ? "+" : "")\(change)")])
        }
        return Decision(
            change: change, evaluated: true, reason: PlanReason(rule: "monthly-adjustment", reason), observedRate: slope)
    }
}
