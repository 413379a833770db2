import Foundation
import ThriveCore
import ThriveStore

/// Spec 001's completion alert for a partner: "12 customers completed tests this week", on
/// Friday at 17:00 in the partner's zone. Said only when at least ``SmallCells/k`` people did.
struct PartnerWeekTrigger: DailyTrigger {
    let partners: PartnerService
    let kind = NotificationKind.insight
    let name = "partnerWeek"
    let fixedMinute: Int? = 17 * 60
    /// Sunday is 1.
    static let friday = 6

    /// Fridays, partners only: nobody else's day waits for 17:00.
    func looks(_ person: TriggerPerson) async throws -> Bool {
        guard person.day.weekday == Self.friday else { return false }
        return try await partners.store.read { try await $0.creators.roles(of: person.owner) }.contains(.partner)
    }

    func message(_ person: TriggerPerson) async throws -> TriggerMessage? {
        guard let completed = try await partners.dashboard(person.owner).completedThisWeek else { return nil }
        return TriggerMessage(
            key: "partner-week:\(person.day.iso8601)", title: Phrase("notification.partnerWeek.title"),
            body: Phrase("notification.partnerWeek.body", ["count": .integer(completed)]), link: "/partner#this-week")
    }
}
