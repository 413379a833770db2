import Foundation
import ThriveCore

/// Spec 000's recovery alert: at 07:00, when today's Fitness recovery is below 50
/// (``DailyPromptRules/recoveryIsLow(_:)``).
struct RecoveryTrigger: DailyTrigger {
    let engines: HealthEngineService
    let kind = NotificationKind.recoveryAlert
    let name = "recovery"
    let fixedMinute: Int? = 7 * 60

    func message(_ person: TriggerPerson) async throws -> TriggerMessage? {
        let (_, scores) = try await engines.scores(person.owner, on: person.day)
        let recovery = scores.first { $0.pillar == .fitness }?.components.first { $0.id == "recovery" }?.value
        guard let recovery, DailyPromptRules.recoveryIsLow(recovery) else { return nil }
        return TriggerMessage(
            key: "recovery:\(person.day.iso8601)", title: Phrase("notification.recoveryAlert.title"),
            body: Phrase("notification.recoveryAlert.body"), link: "/pillars/fitness")
    }
}
