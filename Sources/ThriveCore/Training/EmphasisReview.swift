import Foundation

/// After a month on one training emphasis, whether another would serve the person better, from what
/// the month shows (spec 004 §8: "App can recommend a different emphasis after ~1 month of collected
/// data"). The spec gives no rule; Thrive's follows public guidance:
/// - WHO 2020 guidelines on physical activity and sedentary behaviour: adults do 150–300 minutes of
///   moderate aerobic activity a week **and** muscle-strengthening activity on 2 or more days a week.
/// - ACSM position stand on physical activity for weight loss (Donnelly et al., 2009): aerobic
///   activity is what moves weight; resistance training keeps lean mass, so the two together.
/// - Tudor-Locke et al. (2008): fewer than 5,000 steps a day is a sedentary lifestyle.
///
/// A suggestion is only ever a suggestion: the person accepts (the emphasis changes and the program
/// is rebuilt) or declines, and either way the next review is a month later.
public enum EmphasisReview {
    /// A month: the review looks at the 28 finished days before today.
    public static let days = 28
    /// Enough of a month to judge it: 21 days with a step count, or 8 logged workouts.
    public static let minimumStepDays = 21
    public static let minimumWorkouts = 8
    /// WHO: 150 minutes of moderate aerobic activity a week.
    public static let aerobicMinutesPerWeek = 150.0
    /// WHO: muscle-strengthening on 2 or more days a week (8 in 4 weeks).
    public static let strengthSessionsPerMonth = 8
    /// Tudor-Locke: under 5,000 steps a day is sedentary.
    public static let sedentarySteps = 5_000.0

    /// Why another emphasis may suit the person better, with the month's numbers.
    public enum Reason: Hashable, Sendable, Codable {
        /// Losing weight, and the month's change is under half the plan's (or the wrong way).
        case weightLossStalled(changeKilograms: Double, plannedKilograms: Double)
        /// Little aerobic activity: mean daily steps (when counted) and cardio minutes a week.
        case littleAerobicActivity(meanSteps: Int?, cardioMinutesPerWeek: Int)
        /// Fewer strength sessions than twice a week.
        case fewStrengthSessions(sessions: Int)
        /// Building muscle, and the month's weight has not gone up.
        case muscleGainStalled(changeKilograms: Double)
    }

    public struct Suggestion: Hashable, Sendable, Codable {
        public let current: TrainingPreferences.Emphasis
        public let suggested: TrainingPreferences.Emphasis
        public let reasons: [Reason]
    }

    /// What the month shows, from finished days only.
    public struct Month: Hashable, Sendable {
        public let strengthSessions: Int
        public let cardioMinutes: Double
        public let meanSteps: Double?
        public let stepDays: Int
        public let workouts: Int
        /// The last week's mean weight less the first week's; nil without a weigh-in in both.
        public let weightChangeKilograms: Double?

        public init(
            strengthSessions: Int, cardioMinutes: Double, meanSteps: Double?, stepDays: Int, workouts: Int,
            weightChangeKilograms: Double?
        ) {
            self.strengthSessions = strengthSessions
            self.cardioMinutes = cardioMinutes
            self.meanSteps = meanSteps
            self.stepDays = stepDays
            self.workouts = workouts
            self.weightChangeKilograms = weightChangeKilograms
        }

        public init(days: [DayMetrics], policy: SourcePolicy) {
            let sessions = days.flatMap(\.workouts)
            strengthSessions = sessions.filter { $0.activityType.isStrength }.count
            cardioMinutes = sessions.filter { $0.activityType.isCardio }
                .map { $0.end.timeIntervalSince($0.start) / 60 }.reduce(0, +)
            let steps = days.compactMap { $0.quantity(.stepCount, policy: policy)?.sum }
            stepDays = steps.count
            meanSteps = Statistics.mean(steps)
            workouts = sessions.count
            let weights = days.map { $0.quantity(.bodyMass, policy: policy)?.mean }
            let first = Statistics.mean(weights.prefix(7).compactMap { $0 })
            let last = Statistics.mean(weights.suffix(7).compactMap { $0 })
            weightChangeKilograms = first.flatMap { first in last.map { $0 - first } }
        }

        public var hasEnoughData: Bool {
            stepDays >= EmphasisReview.minimumStepDays || workouts >= EmphasisReview.minimumWorkouts
        }
        public var cardioMinutesPerWeek: Double { cardioMinutes / (Double(EmphasisReview.days) / 7) }
    }

    /// The day the next review is due: a month after the emphasis was chosen or the last suggestion
    /// was answered, whichever is later.
    public static func dueOn(_ state: EmphasisReviewState, startedOn: LocalDate?) -> LocalDate? {
        let from = [state.chosenOn, state.answeredOn, startedOn].compactMap { $0 }.max()
        return from?.adding(days: days)
    }

    /// The suggestion for a month, if the month calls for one. `plannedWeeklyChange` is the nutrition
    /// plan's real rate in kg a week (negative to lose); nil without a plan.
    public static func suggestion(
        current: TrainingPreferences.Emphasis, goal: NutritionGoal, buildMuscle: Bool, plannedWeeklyChange: Double?,
        month: Month
    ) -> Suggestion? {
        guard month.hasEnoughData else { return nil }
        let weeks = Double(days) / 7
        let aerobic = month.cardioMinutesPerWeek
        // Compared at the precision each is measured in: whole minutes, whole steps, 0.1 kg.
        let littleAerobic =
            aerobic.rounded() < aerobicMinutesPerWeek
            && (month.meanSteps.map { $0.rounded() < sedentarySteps } ?? true)
        let littleAerobicReason = Reason.littleAerobicActivity(
            meanSteps: month.meanSteps.map { Int($0.rounded()) }, cardioMinutesPerWeek: Int(aerobic.rounded()))
        let wantsMuscle = goal == .gain || buildMuscle
        switch current {
        case .strength:
            var reasons: [Reason] = []
            if goal == .lose, let change = month.weightChangeKilograms, let rate = plannedWeeklyChange, rate < 0,
                tenths(change) > tenths(rate * weeks / 2), aerobic.rounded() < aerobicMinutesPerWeek
            {
                reasons.append(.weightLossStalled(changeKilograms: change, plannedKilograms: rate * weeks))
            }
            if littleAerobic { reasons.append(littleAerobicReason) }
            return reasons.isEmpty ? nil : Suggestion(current: current, suggested: .hybrid, reasons: reasons)
        case .cardio:
            guard month.strengthSessions < strengthSessionsPerMonth else { return nil }
            return Suggestion(
                current: current, suggested: wantsMuscle ? .strength : .hybrid,
                reasons: [.fewStrengthSessions(sessions: month.strengthSessions)])
        case .hybrid:
            guard wantsMuscle, let change = month.weightChangeKilograms, tenths(change) <= 0,
                month.strengthSessions < strengthSessionsPerMonth
            else { return nil }
            return Suggestion(
                current: current, suggested: .strength,
                reasons: [.muscleGainStalled(changeKilograms: change), .fewStrengthSessions(sessions: month.strengthSessions)])
        }
    }
}

private func tenths(_ kilograms: Double) -> Double { (kilograms * 10).rounded() }

/// When the emphasis was chosen and the last suggestion answered, so a review comes once a month
/// and a declined suggestion is not asked again the next day.
public struct EmphasisReviewState: Hashable, Sendable, Codable {
    public var chosenOn: LocalDate?
    public var answeredOn: LocalDate?

    public init(chosenOn: LocalDate? = nil, answeredOn: LocalDate? = nil) {
        self.chosenOn = chosenOn
        self.answeredOn = answeredOn
    }
}
