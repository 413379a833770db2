import Foundation
import ThriveCore

/// Where the person's monthly emphasis review stands: when it is due, and, once due, the suggestion
/// their last four finished weeks make (nil when the month fits the emphasis they have).
struct EmphasisReviewStatus: Sendable {
    let current: TrainingPreferences.Emphasis
    let dueOn: LocalDate?
    let isDue: Bool
    let suggestion: EmphasisReview.Suggestion?
    /// Due, but the month is too thin to judge.
    let needsMoreData: Bool
}

extension HealthEngineService {
    func emphasisReview(_ owner: UserID) async throws -> EmphasisReviewStatus {
        let person = try await context(owner)
        let preferences = person.preferences
        let dueOn = EmphasisReview.dueOn(preferences.emphasisReview, startedOn: preferences.startedOn)
        let current = preferences.training.emphasis
        guard let dueOn, dueOn <= person.today else {
            return EmphasisReviewStatus(current: current, dueOn: dueOn, isDue: false, suggestion: nil, needsMoreData: false)
        }
        let yesterday = person.today.adding(days: -1)
        let days = try await store.read {
            try await $0.records(of: owner).daily.days(
                from: yesterday.adding(days: -(EmphasisReview.days - 1)), through: yesterday, in: person.zone)
        }
        let month = EmphasisReview.Month(days: days.days, policy: preferences.sources)
        let plan = person.nutritionPlan()
        let planned = plan.flatMap { plan in
            plan.targetRateKilogramsPerWeek.map { plan.goal == .lose ? -$0 : plan.goal == .gain ? $0 : 0 }
        }
        let suggestion = EmphasisReview.suggestion(
            current: current, goal: preferences.goal, buildMuscle: preferences.training.buildMuscle,
            plannedWeeklyChange: planned, month: month)
        return EmphasisReviewStatus(
            current: current, dueOn: dueOn, isDue: true, suggestion: suggestion, needsMoreData: !month.hasEnoughData)
    }

    /// The person's answer: accepting changes the emphasis (the program is rebuilt from it) and
    /// either answer starts the next month's wait. Refused when no suggestion is open.
    func answerEmphasisReview(_ owner: UserID, accept: Bool) async throws -> PlanPreferences {
        let status = try await emphasisReview(owner)
        guard let suggestion = status.suggestion else {
            throw AppError(
                status: .conflict, code: "no_emphasis_suggestion", message: t("emphasisReview.nothingToAnswer"),
                field: "accept")
        }
        let person = try await context(owner)
        var preferences = person.preferences
        let today = person.today
        if accept {
            preferences.training.emphasis = suggestion.suggested
            preferences.emphasisReview.chosenOn = today
        }
        preferences.emphasisReview.answeredOn = today
        let time = now()
        let saved = preferences
        try await store.write { try await $0.records(of: owner).documents.save(saved, at: time) }
        return saved
    }
}
