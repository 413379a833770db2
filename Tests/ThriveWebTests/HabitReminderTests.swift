import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveWeb

/// Habit reminders from the job runner: planned for the habit's time in the person's zone, sent once
/// at that time into the notification center, not sent for a habit already done, and held back by
/// quiet hours until they end.
@Suite("Habit reminders")
struct HabitReminderTests {
    /// Thursday 26 November 2026, 06:00 in Lisbon (UTC in winter).
    static let morning = ISO8601DateFormatter().date(from: "2026-11-26T06:00:00Z")!

    struct History: Decodable {
        struct Item: Decodable {
            let kind: String
            let title: String
            let link: String
        }
        let notifications: [Item]
    }

    @Test func aReminderComesOnceAtItsTimeAndNotForAHabitDone() async throws {
        let clock = TestClock(Self.morning)
        let app = try await TestApp.make(clock: clock)
        let jobs = BackgroundJobs(store: app.store, now: clock.source, logger: app.logs.logger())
        try await app.test { browser in
            try await browser.signUp(timeZone: "Europe/Lisbon")
            func token() async throws -> String { try await browser.apiLogin().accessToken }
            let created = try await browser.json(
                .post, "/api/v1/habits", #"{"name":"Stretch","reminder":"07:30"}"#, bearer: try await token())
            #expect(created.status == .created, "\(created.text)")
            func center() async throws -> [History.Item] {
                // Only habit reminders: the day's other prompts (the morning check-in) come too.
                try await browser.json(.get, "/api/v1/mobile/notifications/history", bearer: try await token())
                    .decode(History.self).notifications.filter { $0.kind == "habitReminder" }
            }

            _ = try await jobs.runDue()
            clock.advance(minutes: 89)  // 07:29
            _ = try await jobs.runDue()
            #expect(try await center().isEmpty)
            clock.advance(minutes: 1)  // 07:30
            _ = try await jobs.runDue()
            let sent = try await center()
            #expect(sent.map(\.kind) == ["habitReminder"] && sent[0].title == "Time for: Stretch")
            #expect(sent[0].link.hasPrefix("/pillars/wellbeing/habits#habit-"))
            _ = try await jobs.runDue()
            #expect(try await center().count == 1, "once")

            // Tomorrow the habit is done at 07:00: its 07:30 reminder finds nothing to remind.
            clock.advance(minutes: 24 * 60 - 30)
            let habit = try #require(created.text.firstMatch(of: /"id":"([0-9a-f-]{36})"/)?.1)
            let done = try await browser.json(
                .post, "/api/v1/habits/\(habit)/checkins", #"{"action":"done"}"#, bearer: try await token())
            #expect(done.status == .ok || done.status == .created, "\(done.text)")
            clock.advance(minutes: 30)
            _ = try await jobs.runDue()
            #expect(try await center().count == 1, "no reminder for a habit done")
        }
    }

    @Test func quietHoursHoldAReminderBackUntilTheyEnd() async throws {
        let clock = TestClock(Self.morning)
        let app = try await TestApp.make(clock: clock)
        let jobs = BackgroundJobs(store: app.store, now: clock.source, logger: app.logs.logger())
        try await app.test { browser in
            try await browser.signUp(timeZone: "Europe/Lisbon")
            let token = try await browser.apiLogin().accessToken
            _ = try await browser.json(.post, "/api/v1/habits", #"{"name":"Stretch","reminder":"07:30"}"#, bearer: token)
            let quiet = try await browser.json(
                .patch, "/api/v1/mobile/settings", #"{"notifications":{"quietHours":{"start":"22:00","end":"08:00"}}}"#,
                bearer: token, headers: [.contentType: "application/merge-patch+json"])
            #expect(quiet.status == .ok, "\(quiet.text)")
            _ = try await jobs.runDue()
            clock.advance(minutes: 90)  // 07:30, inside quiet hours
            _ = try await jobs.runDue()
            let later = try await browser.apiLogin().accessToken
            #expect(
                !(try await browser.json(.get, "/api/v1/mobile/notifications/history", bearer: later).text.contains(
                    #""kind":"habitReminder""#)))
            clock.advance(minutes: 30)  // 08:00, quiet hours over
            _ = try await jobs.runDue()
            let after = try await browser.apiLogin().accessToken
            let sent = try await browser.json(.get, "/api/v1/mobile/notifications/history", bearer: after).decode(History.self)
            #expect(sent.notifications.filter { $0.kind == "habitReminder" }.map(\.title) == ["Time for: Stretch"])
            let health = try await browser.get("/healthz").text
            #expect(health.contains(#""jobLagSeconds":0"#))
        }
    }
}
