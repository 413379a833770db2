import Foundation
import ThriveCore
import ThriveStore

/// Spec 000's morning check-in reminder: unless the person has checked in today, at the time they
/// chose in their settings, else the hour they usually check in, else 08:00.
struct CheckInTrigger: DailyTrigger {
    let store: Store
    let kind = NotificationKind.checkInReminder
    let name = "checkIn"

    func chosenMinute(_ person: TriggerPerson) -> Int? { QuietHours.minutes(person.settings.notifications.checkInTime) }

    func usualTimes(_ person: TriggerPerson) async throws -> [Date] {
        try await store.read {
            try await $0.records(of: person.owner).moodCheckIns.checkIns(in: person.lastTwoWeeks, limit: nil).map(\.recordedAt)
        }
    }

    func message(_ person: TriggerPerson) async throws -> TriggerMessage? {
        let done = try await store.read {
            try await !$0.records(of: person.owner).moodCheckIns.checkIns(in: person.today, limit: 1).isEmpty
        }
        guard !done else { return nil }
        return TriggerMessage(
            key: "checkIn:\(person.day.iso8601)", title: Phrase("notification.checkInReminder.title"),
            body: Phrase("notification.checkInReminder.body"), link: "/pillars/wellbeing/mood")
    }
}
