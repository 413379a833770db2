import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// "Set a reminder for my next test" (spec 001), for the results page and the API alike: how
/// often, or a day of the person's own after today and within two years.
struct TestReminderService: Sendable {
    let store: Store
    let now: Now

    /// The reminder and the latest test it counts from.
    func reminder(_ owner: UserID) async throws -> (reminder: TestReminder, latest: LocalDate?) {
        try await store.read { repositories in
            let records = repositories.records(of: owner)
            return (
                try await records.documents.get(TestReminder.self) ?? TestReminder(),
                try await records.labs.results(after: nil, limit: 1).first?.testDate
            )
        }
    }

    func save(_ owner: UserID, everyMonths: Int, nextTest: String?) async throws -> TestReminder {
        guard TestReminder.intervals.contains(everyMonths) else {
            throw ValidationError(field: "everyMonths", message: t("labs.next.badEvery"))
        }
        let time = now()
        var reminder = TestReminder(nextTest: nil, everyMonths: everyMonths)
        if let text = nextTest?.trimmingCharacters(in: .whitespaces).nonEmpty {
            let today = LocalDate(time, in: try await store.read { try await $0.records(of: owner).timeZone() })
            guard let day = LocalDate(iso8601: text), day > today, day <= today.adding(days: 730) else {
                throw ValidationError(field: "nextTest", message: t("labs.next.badDay"))
            }
            reminder.nextTest = day
        }
        let chosen = reminder
        try await store.write { try await $0.records(of: owner).documents.save(chosen, at: time) }
        return chosen
    }
}

/// `GET` and `PUT /api/v1/test-reminder`.
struct TestReminderAPIController {
    let services: AppServices

    func addRoutes(to api: FeatureAPI) {
        let group = api.root.group("test-reminder")
        group.get { _, context -> Response in
            let owner = try context.requireUser()
            let (reminder, latest) = try await services.testReminders.reminder(owner)
            return try jsonResponse(TestReminderBody(reminder, latest: latest))
        }
        group.put { request, context -> Response in
            let owner = try context.requireUser()
            let asked = try await StrictJSON.decode(TestReminderRequest.self, from: request, context: context, limit: 1024)
            _ = try await services.testReminders.save(owner, everyMonths: asked.everyMonths, nextTest: asked.nextTest)
            let (reminder, latest) = try await services.testReminders.reminder(owner)
            return try jsonResponse(TestReminderBody(reminder, latest: latest))
        }
    }
}

struct TestReminderRequest: Codable, Sendable {
    /// 0 (none unless a day is set), 3, 6 or 12.
    let everyMonths: Int
    /// A day of the person's own (`2027-03-01`), which wins over the interval.
    let nextTest: String?
}

struct TestReminderBody: Codable, Sendable {
    let everyMonths: Int
    let nextTest: String?
    /// When the next test is due, and the day the reminder comes (14 days before); null for none.
    let due: String?
    let remindOn: String?

    init(_ reminder: TestReminder, latest: LocalDate?) {
        everyMonths = reminder.everyMonths
        nextTest = reminder.nextTest?.iso8601
        due = reminder.due(after: latest)?.iso8601
        remindOn = reminder.remindsOn(after: latest)?.iso8601
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(everyMonths, forKey: .everyMonths)
        try container.encode(nextTest, forKey: .nextTest)
        try container.encode(due, forKey: .due)
        try container.encode(remindOn, forKey: .remindOn)
    }
}
