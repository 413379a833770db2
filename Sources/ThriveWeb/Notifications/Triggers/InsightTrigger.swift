import Foundation
import ThriveCore

/// Spec 000's "new insight available", at most weekly: the first day of a week with insights.
struct InsightTrigger: DailyTrigger {
    let engines: HealthEngineService
    let kind = NotificationKind.insight
    let name = "insight"

    func message(_ person: TriggerPerson) async throws -> TriggerMessage? {
        guard !(try await engines.insights(person.owner)).isEmpty else { return nil }
        return TriggerMessage(
            key: "insight:\(DailyPromptRules.insightWeek(of: person.day).iso8601)", title: Phrase("notification.insight.title"),
            body: Phrase("notification.insight.body"), link: "/insights")
    }
}
