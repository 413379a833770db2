import Foundation

/// The person's choices that shape their plans: activity, goal and pace, training set-up, preferred
/// sources, and the state of the monthly nutrition check-in. Every field has a safe default, so a
/// stored document from an older version still reads.
public struct PlanPreferences: Hashable, Sendable, Codable {
    public var activity: ActivityLevel = .sedentary
    public var goal: NutritionGoal = .maintain
    public var targetRateKilogramsPerWeek: Double?
    public var refeedCap = 2_500
    public var training = TrainingPreferences()
    public var sources = SourcePolicy()
    /// Net kcal from monthly check-ins (see ``AdaptiveAdjustment``).
    public var adaptiveAdjustment = 0
    public var lastAdjustmentCheck: Date?
    public var startedOn: LocalDate?
    /// A weight to reach by a date, when the person set one.
    public var weightGoal: WeightGoal?
    /// Refeed days the person moved or skipped.
    public var refeeds = RefeedSchedule()
    /// When the training emphasis was chosen and its monthly review last answered.
    public var emphasisReview = EmphasisReviewState()

    public init() {}

    enum CodingKeys: String, CodingKey {
        case activity, goal, targetRateKilogramsPerWeek, refeedCap, training, sources, adaptiveAdjustment, lastAdjustmentCheck,
            startedOn, weightGoal, refeeds, emphasisReview
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        activity = try container.decodeIfPresent(ActivityLevel.self, forKey: .activity) ?? .sedentary
        goal = try container.decodeIfPresent(NutritionGoal.self, forKey: .goal) ?? .maintain
        targetRateKilogramsPerWeek = try container.decodeIfPresent(Double.self, forKey: .targetRateKilogramsPerWeek)
        refeedCap = try container.decodeIfPresent(Int.self, forKey: .refeedCap) ?? 2_500
        training = try container.decodeIfPresent(TrainingPreferences.self, forKey: .training) ?? TrainingPreferences()
        sources = try container.decodeIfPresent(SourcePolicy.self, forKey: .sources) ?? SourcePolicy()
        adaptiveAdjustment = try container.decodeIfPresent(Int.self, forKey: .adaptiveAdjustment) ?? 0
        lastAdjustmentCheck = try container.decodeIfPresent(Date.self, forKey: .lastAdjustmentCheck)
        startedOn = try container.decodeIfPresent(LocalDate.self, forKey: .startedOn)
        weightGoal = try container.decodeIfPresent(WeightGoal.self, forKey: .weightGoal)
        refeeds = try container.decodeIfPresent(RefeedSchedule.self, forKey: .refeeds) ?? RefeedSchedule()
        emphasisReview =
            try container.decodeIfPresent(EmphasisReviewState.self, forKey: .emphasisReview) ?? EmphasisReviewState()
    }

    /// Whether `date` is a refeed day of the person's weight-loss plan.
    public func isRefeed(_ date: LocalDate, plan: NutritionPlan?) -> Bool {
        guard let startedOn, plan?.refeedCalories != nil else { return false }
        return refeeds.isRefeed(date, start: startedOn)
    }

    /// Planned strength and cardio sessions per week, for adherence.
    public var plannedSessions: (strength: Int, cardio: Int) {
        let count = training.sessionsPerWeek
        switch training.emphasis {
        case .strength: return (count, 0)
        case .hybrid: return ((count + 1) / 2, count / 2)
        case .cardio: return (count >= 3 ? 1 : 0, count >= 3 ? count - 1 : count)
        }
    }
}
