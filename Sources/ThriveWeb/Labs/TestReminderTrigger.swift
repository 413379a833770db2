import Foundation
import ThriveCore
import ThriveStore

extension TestReminder: PersonDocument {
    public static let documentKind = "testReminder"
}

/// Spec 001's reminder 14 days before the next test is due, at 09:00 in the person's zone, once
/// per due day (``TestReminder``).
struct TestReminderTrigger: DailyTrigger {
    let store: Store
    let kind = NotificationKind.testKitReminder
    let name = "testReminder"
    let fixedMinute: Int? = 9 * 60

    func message(_ person: TriggerPerson) async throws -> TriggerMessage? {
        let (reminder, latest) = try await store.read { repositories in
            let records = repositories.records(of: person.owner)
            return (
                try await records.documents.get(TestReminder.self) ?? TestReminder(),
                try await records.labs.results(after: nil, limit: 1).first
            )
        }
        guard let due = reminder.due(after: latest?.testDate), reminder.remindsOn(after: latest?.testDate) == person.day
        else { return nil }
        return TriggerMessage(
            key: "test-reminder:\(due.iso8601)", title: Phrase("notification.testReminder.title"),
            body: Phrase("notification.testReminder.body", ["date": .date(due)]), link: "/results#next-test")
    }
}
