import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveTestSupport
import ThriveWeb

/// A push's buttons (spec 000 F4.4, rich notifications): a reminder offers "Log now" and "Snooze",
/// and "Snooze" — sent back by the service worker with the push's token and no cookie — pushes the
/// reminder again an hour later, or when quiet hours end.
@Suite("Snoozing a pushed reminder")
struct NotificationSnoozeTests {
    struct Snoozed: Decodable {
        let until: Date
    }

    /// What a test works with: the clock, the runner, the push service, the browser and the first push.
    struct Reminded {
        let clock: TestClock
        let jobs: BackgroundJobs
        let service: StubPushService
        let browser: Browser
        let push: StubPushService.Delivery
    }

    /// A person in UTC at `start` with a phone and a habit reminded at `reminder`, half an hour on:
    /// the reminder has been pushed.
    static func withRemindedPush(
        from start: String, at reminder: String, _ body: @escaping @Sendable (Reminded) async throws -> Void
    ) async throws {
        let clock = TestClock(ISO8601DateFormatter().date(from: start)!)
        let app = try await TestApp.make(clock: clock)
        let jobs = BackgroundJobs(store: app.store, now: clock.source, logger: app.logs.logger())
        try await StubPushService.run(now: clock.source) { service in
            try await app.test { browser in
                try await browser.signUp(timeZone: "UTC")
                let token = try await browser.apiLogin().accessToken
                _ = try await browser.json(
                    .post, "/api/v1/mobile/devices", PushDeliveryTests.registration(service, "phone"), bearer: token)
                _ = try await browser.json(
                    .post, "/api/v1/habits", #"{"name":"Stretch","reminder":"\#(reminder)"}"#, bearer: token)
                _ = try await jobs.runDue()
                clock.advance(minutes: 30)
                _ = try await jobs.runDue()
                let push = try #require(await service.deliveries(to: "phone").first)
                try await body(Reminded(clock: clock, jobs: jobs, service: service, browser: browser, push: push))
            }
        }
    }

    static func snooze(_ browser: Browser, _ token: String?) async throws -> Reply {
        try await browser.fresh().json(
            .post, "/api/v1/mobile/notifications/snooze", token.map { #"{"token":"\#($0)"}"# } ?? "{}")
    }

    @Test func aSnoozedReminderComesBackAnHourLaterOnce() async throws {
        try await Self.withRemindedPush(from: "2026-11-26T07:00:00Z", at: "07:30") { reminded in
            let (clock, jobs, service, browser, push) = (
                reminded.clock, reminded.jobs, reminded.service, reminded.browser, reminded.push
            )
            #expect(push.actions.map(\.0) == ["logNow", "snooze"])
            #expect(push.actions.map(\.1) == ["Log now", "Snooze 1 hour"])
            let snoozeToken = try #require(push.json["snooze"])
            // Sent twice in the same minute (a double tap): one more push, not two.
            for _ in 0..<2 {
                let answer = try await Self.snooze(browser, snoozeToken)
                #expect(answer.status == .accepted, "\(answer.text)")
                #expect(answer.text.contains("2026-11-26T08:30:00Z"))
            }
            // The same tag: the second push replaces the first on the device.
            func reminders() async -> Int {
                await service.deliveries(to: "phone").count { $0.json["tag"] == push.json["tag"] }
            }
            clock.advance(minutes: 59)
            _ = try await jobs.runDue()
            #expect(await reminders() == 1)
            clock.advance(minutes: 1)
            _ = try await jobs.runDue()
            #expect(await reminders() == 2)
        }
    }

    /// Quiet hours 22:00–07:00 by default: a reminder snoozed at 21:30 comes back at 07:00, not 22:30.
    @Test func aReminderSnoozedIntoQuietHoursComesBackWhenTheyEnd() async throws {
        try await Self.withRemindedPush(from: "2026-11-26T21:00:00Z", at: "21:30") { reminded in
            let (browser, push) = (reminded.browser, reminded.push)
            let snoozeToken: String = try #require(push.json["snooze"])
            let answer = try await Self.snooze(browser, snoozeToken)
            #expect(answer.status == .accepted && answer.text.contains("2026-11-27T07:00:00Z"), "\(answer.text)")
        }
    }

    /// The token is the only authority: an altered one, one for a notification opened since, and a
    /// body without one are refused with a message.
    @Test func onlyTheServersTokenForAnUnreadReminderSnoozes() async throws {
        try await Self.withRemindedPush(from: "2026-11-26T07:00:00Z", at: "07:30") { reminded in
            let (browser, push) = (reminded.browser, reminded.push)
            // Half an hour on, the first access token has lapsed.
            let token = try await browser.apiLogin().accessToken
            let snoozeToken = try #require(push.json["snooze"])
            // A character in the middle: the last one's low bits may be padding no decoder reads.
            var characters = Array(snoozeToken)
            characters[characters.count / 2] = characters[characters.count / 2] == "A" ? "B" : "A"
            let altered = String(characters)
            let forged = try await Self.snooze(browser, altered)
            #expect(forged.status == .forbidden && forged.text.contains("not valid any more"))
            #expect(try await Self.snooze(browser, "not-a-token").status == .forbidden)
            #expect(try await Self.snooze(browser, nil).status == .badRequest)

            let history = try await browser.json(.get, "/api/v1/mobile/notifications/history", bearer: token)
                .decode(NotificationCenterTests.History.self)
            let id = try #require(history.notifications.first { $0.kind == "habitReminder" }?.id)
            _ = try await browser.json(.post, "/api/v1/mobile/notifications/\(id)/read", bearer: token)
            let opened = try await Self.snooze(browser, snoozeToken)
            #expect(opened.status == .notFound && opened.text.contains("nothing to snooze"))
        }
    }
}
