import Foundation
import ThriveCore
import ThriveStore

/// Spec 004's monthly reviews on schedule, told as insights: the adaptive nutrition adjustment runs
/// when its month is up (not only when the plan page is opened) and the person hears that it
/// changed; the training emphasis review says when another emphasis would suit the month better.
struct PlanReviewTrigger: DailyTrigger {
    let store: Store
    let engines: HealthEngineService
    let kind = NotificationKind.insight
    let name = "planReview"
    let fixedMinute: Int? = 8 * 60

    func message(_ person: TriggerPerson) async throws -> TriggerMessage? {
        let before = try await store.read { try await $0.records(of: person.owner).documents.get(PlanPreferences.self) }
        guard let before, before.startedOn != nil else { return nil }
        // Reading the plan runs the month's check-in when it is due, once.
        _ = try? await engines.nutritionPlan(person.owner)
        let after = try await store.read { try await $0.records(of: person.owner).documents.get(PlanPreferences.self) }
        if let after, after.adaptiveAdjustment != before.adaptiveAdjustment, let checked = after.lastAdjustmentCheck {
            return TriggerMessage(
                key: "planAdjusted:\(LocalDate(checked, in: person.zone).iso8601)",
                title: Phrase("notification.planAdjusted.title"),
                body: Phrase("notification.planAdjusted.body"), link: "/pillars/nutrition/plan")
        }
        let review = try await engines.emphasisReview(person.owner)
        guard review.isDue, review.suggestion != nil, let dueOn = review.dueOn else { return nil }
        return TriggerMessage(
            key: "emphasisReview:\(dueOn.iso8601)", title: Phrase("notification.emphasisReview.title"),
            body: Phrase("notification.emphasisReview.body"), link: "/pillars/fitness/plan")
    }
}
