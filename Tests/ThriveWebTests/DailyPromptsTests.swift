import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveWeb

/// Spec 000's daily prompts from the job runner, from the person's own data: the morning check-in at
/// the hour they usually check in, the 19:00 meal prompt for someone who logs food, the nudge after
/// three quiet days, quiet hours holding a prompt in the job, and nothing sent hours late.
@Suite("Daily prompts")
struct DailyPromptsTests {
    struct History: Decodable {
        struct Item: Decodable {
            let kind: String
            let title: String
            let link: String
            let createdAt: Date
        }
        let notifications: [Item]
    }

    /// Monday 16 November 2026, 00:30 UTC.
    static let start = ISO8601DateFormatter().date(from: "2026-11-16T00:30:00Z")!

    static func center(_ browser: Browser) async throws -> [History.Item] {
        let token = try await browser.apiLogin().accessToken
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(
            History.self,
            from: Data(try await browser.json(.get, "/api/v1/mobile/notifications/history", bearer: token).text.utf8)
        ).notifications
    }

    static func kinds(_ browser: Browser) async throws -> [String] { try await center(browser).map(\.kind) }

    /// Runs the jobs every 10 minutes from now for `minutes`.
    static func run(_ jobs: BackgroundJobs, _ clock: TestClock, minutes: Int) async throws {
        for _ in 0..<(minutes / 10) {
            clock.advance(minutes: 10)
            _ = try await jobs.runDue()
        }
    }

    @Test func theMorningCheckInComesAtTheUsualHourUnlessDoneAlready() async throws {
        let clock = TestClock(Self.start)
        let app = try await TestApp.make(clock: clock)
        let jobs = BackgroundJobs(store: app.store, now: clock.source, logger: app.logs.logger())
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            // Five check-ins from 09:10 to 09:14 last week: the usual 09:12, the reminder at 08:42.
            for day in 10...14 {
                let made = try await browser.json(
                    .post, "/api/v1/entries/mood", #"{"mood":4,"recordedAt":"2026-11-\#(day)T09:1\#(day - 10):00Z"}"#,
                    bearer: token)
                #expect(made.status == .created, "\(made.text)")
            }
            _ = try await jobs.runDue()
            try await Self.run(jobs, clock, minutes: 8 * 60 + 10)  // 08:40
            #expect(try await !Self.kinds(browser).contains("checkInReminder"), "not at the default 08:00")
            try await Self.run(jobs, clock, minutes: 10)  // 08:50, the first look after 08:42
            let sent = try await Self.center(browser).filter { $0.kind == "checkInReminder" }
            #expect(sent.map(\.title) == ["Time for your check-in"] && sent.first?.link == "/pillars/wellbeing/mood")

            // Tuesday: checked in at 07:00 already, so no reminder.
            try await Self.run(jobs, clock, minutes: 22 * 60 + 10)  // Tue 07:00
            _ = try await browser.json(
                .post, "/api/v1/entries/mood", #"{"mood":3}"#, bearer: try await browser.apiLogin().accessToken)
            try await Self.run(jobs, clock, minutes: 3 * 60)
            #expect(try await Self.kinds(browser).filter { $0 == "checkInReminder" }.count == 1)
        }
    }

    @Test func theMealPromptComesAt19ForSomeoneWhoLogsFoodAndNotOnceLogged() async throws {
        let clock = TestClock(Self.start)
        let app = try await TestApp.make(clock: clock)
        let jobs = BackgroundJobs(store: app.store, now: clock.source, logger: app.logs.logger())
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            // Meal prompts and nudges are Deep mode's (spec 000: Light keeps the essentials).
            _ = try await browser.json(
                .put, "/api/v1/mobile/notifications/settings", #"{"frequency":"deep"}"#,
                bearer: try await browser.apiLogin().accessToken)
            try await Self.run(jobs, clock, minutes: 19 * 60 + 30)
            #expect(try await !Self.kinds(browser).contains("mealPrompt"), "someone who never logs food is not nagged")

            let token = try await browser.apiLogin().accessToken
            let logged = try await browser.json(
                .post, "/api/v1/entries/meals", #"{"meal":"lunch","name":"Soup","energyKilocalories":300}"#, bearer: token)
            #expect(logged.status == .created, "\(logged.text)")
            // Tuesday: nothing logged by 19:00 — the prompt, at 19:00 and not before.
            try await Self.run(jobs, clock, minutes: 22 * 60 + 50)  // Tue 18:50
            #expect(try await !Self.kinds(browser).contains("mealPrompt"))
            try await Self.run(jobs, clock, minutes: 10)  // Tue 19:00
            let prompt = try #require(try await Self.center(browser).first { $0.kind == "mealPrompt" })
            #expect(prompt.title == "Nothing logged today yet" && prompt.link == "/pillars/nutrition/meals/add")
            #expect(prompt.createdAt == ISO8601DateFormatter().date(from: "2026-11-17T19:00:00Z")!)
            // Wednesday: lunch logged, no prompt.
            try await Self.run(jobs, clock, minutes: 17 * 60)  // Wed 12:00
            _ = try await browser.json(
                .post, "/api/v1/entries/meals", #"{"meal":"lunch","name":"Salad","energyKilocalories":250}"#,
                bearer: try await browser.apiLogin().accessToken)
            try await Self.run(jobs, clock, minutes: 8 * 60)
            #expect(try await Self.kinds(browser).filter { $0 == "mealPrompt" }.count == 1)
        }
    }

    @Test func aNudgeComesOnTheThirdQuietDayOnce() async throws {
        let clock = TestClock(Self.start)
        let app = try await TestApp.make(clock: clock)
        let jobs = BackgroundJobs(store: app.store, now: clock.source, logger: app.logs.logger())
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")  // joined Monday
            // Meal prompts and nudges are Deep mode's (spec 000: Light keeps the essentials).
            _ = try await browser.json(
                .put, "/api/v1/mobile/notifications/settings", #"{"frequency":"deep"}"#,
                bearer: try await browser.apiLogin().accessToken)
            try await Self.run(jobs, clock, minutes: 2 * 24 * 60 + 11 * 60)  // Wed 11:30
            #expect(try await !Self.kinds(browser).contains("coachingNudge"), "two quiet days are not enough")
            try await Self.run(jobs, clock, minutes: 24 * 60)  // Thu 11:30: the third day
            let nudges = try await Self.center(browser).filter { $0.kind == "coachingNudge" }
            #expect(nudges.map(\.title) == ["We miss you"] && nudges[0].link == "/coach")
            #expect(nudges[0].createdAt == ISO8601DateFormatter().date(from: "2026-11-19T10:00:00Z")!)
            try await Self.run(jobs, clock, minutes: 24 * 60)  // Fri: the same quiet spell
            #expect(try await Self.kinds(browser).filter { $0 == "coachingNudge" }.count == 1)
        }
    }

    /// A time the person chose wins over smart timing; a time that is not one is refused.
    @Test func theCheckInReminderFollowsTheTimeChosen() async throws {
        let clock = TestClock(Self.start)
        let app = try await TestApp.make(clock: clock)
        let jobs = BackgroundJobs(store: app.store, now: clock.source, logger: app.logs.logger())
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            let bad = try await browser.json(
                .put, "/api/v1/mobile/notifications/settings", #"{"checkInTime":"7:5"}"#, bearer: token)
            #expect(bad.status == .unprocessableContent && bad.text.contains("like 08:30"), "\(bad.text)")
            let chosen = try await browser.json(
                .put, "/api/v1/mobile/notifications/settings", #"{"checkInTime":"07:15"}"#, bearer: token)
            #expect(chosen.status == .ok)
            try await Self.run(jobs, clock, minutes: 6 * 60 + 40)  // 07:10
            #expect(try await !Self.kinds(browser).contains("checkInReminder"))
            try await Self.run(jobs, clock, minutes: 10)  // 07:20, the first look after 07:15
            let reminder = try #require(try await Self.center(browser).first { $0.kind == "checkInReminder" })
            #expect(reminder.createdAt == ISO8601DateFormatter().date(from: "2026-11-16T07:20:00Z")!)
        }
    }

    /// Quiet hours from 06:00 to 09:00 hold the 08:00 check-in reminder until 09:00, in the job.
    @Test func quietHoursHoldAPromptInItsJob() async throws {
        let clock = TestClock(Self.start)
        let app = try await TestApp.make(clock: clock)
        let jobs = BackgroundJobs(store: app.store, now: clock.source, logger: app.logs.logger())
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            _ = try await browser.json(
                .put, "/api/v1/mobile/notifications/settings", #"{"quietHours":{"start":"06:00","end":"09:00"}}"#,
                bearer: token)
            try await Self.run(jobs, clock, minutes: 8 * 60 + 20)  // 08:50
            #expect(try await !Self.kinds(browser).contains("checkInReminder"))
            try await Self.run(jobs, clock, minutes: 10)  // 09:00
            let reminder = try #require(try await Self.center(browser).first { $0.kind == "checkInReminder" })
            #expect(reminder.createdAt == ISO8601DateFormatter().date(from: "2026-11-16T09:00:00Z")!)
        }
    }

    /// A server down all morning does not send "time for your check-in" at 15:00.
    @Test func aPromptHoursLateIsNotSent() async throws {
        let clock = TestClock(Self.start)
        let app = try await TestApp.make(clock: clock)
        let jobs = BackgroundJobs(store: app.store, now: clock.source, logger: app.logs.logger())
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            _ = try await jobs.runDue()
            clock.advance(minutes: 14 * 60 + 30)  // 15:00, nothing ran since 00:30
            _ = try await jobs.runDue()
            #expect(try await !Self.kinds(browser).contains("checkInReminder"))
            // Planning again the same day adds no second job for a day: today's, waiting for the
            // evening's prompts, and tomorrow's.
            let waiting = try await app.store.read { try await $0.jobs.waiting(dueBy: .distantFuture, limit: 50) }
            #expect(
                waiting.filter { $0.kind == "dailyPrompts" }.map(\.dueAt) == [
                    ISO8601DateFormatter().date(from: "2026-11-16T18:00:00Z")!,
                    ISO8601DateFormatter().date(from: "2026-11-17T00:00:00Z")!,
                ])
        }
    }
}

/// Spec 001's reminder 14 days before the next test, set by the person on the results page.
@Suite("The next test's reminder from the job runner")
struct TestReminderPromptTests {
    @Test func theReminderComesFourteenDaysBeforeTheDayChosenAt0900() async throws {
        let clock = TestClock(DailyPromptsTests.start)
        let app = try await TestApp.make(clock: clock)
        let jobs = BackgroundJobs(store: app.store, now: clock.source, logger: app.logs.logger())
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let page = try await browser.get("/results")
            #expect(page.text.contains("No reminder is set for your next test."), "no test yet")
            let past = try await browser.post("/results/reminder", form: [("every", "12"), ("nextTest", "2026-11-16")])
            #expect(past.status == .unprocessableContent && past.text.contains("Choose a day after today and within two years."))
            let saved = try await browser.post("/results/reminder", form: [("every", "12"), ("nextTest", "2026-12-01")])
            #expect(saved.status == .seeOther)
            let after = try await browser.get(try #require(saved.location))
            #expect(after.text.contains("Reminder saved."))
            #expect(after.text.contains("Your next test is due on 1 Dec 2026. We will remind you on 17 Nov 2026."))

            _ = try await jobs.runDue()
            try await DailyPromptsTests.run(jobs, clock, minutes: 24 * 60 + 8 * 60 + 20)  // Tue 08:50
            #expect(try await !DailyPromptsTests.kinds(browser).contains("testKitReminder"))
            try await DailyPromptsTests.run(jobs, clock, minutes: 10)  // Tue 09:00
            let sent = try await DailyPromptsTests.center(browser).filter { $0.kind == "testKitReminder" }
            #expect(sent.map(\.title) == ["Your AAT test is due soon"] && sent.first?.link == "/results#next-test")
            try await DailyPromptsTests.run(jobs, clock, minutes: 24 * 60)  // Wednesday: once only
            #expect(try await DailyPromptsTests.kinds(browser).filter { $0 == "testKitReminder" }.count == 1)
        }
    }

    struct ReminderJSON: Decodable {
        let everyMonths: Int
        let nextTest: String?
        let due: String?
        let remindOn: String?
    }

    @Test func theReminderIsSetThroughTheAPITooWithTheSameRules() async throws {
        let app = try await TestApp.make(clock: TestClock(DailyPromptsTests.start))
        try await app.test { browser in
            let (ann, lab, kits) = try await LabResultsTests.annWithKits(browser, app: app, count: 1)
            var reply = try await ann.send(.get, "/api/v1/test-reminder")
            try ann.check.expectDocumented(reply, "/api/v1/test-reminder", "get")
            var reminder = try reply.decode(ReminderJSON.self)
            #expect(reminder.everyMonths == 12 && reminder.due == nil, "no test yet: nothing due")
            _ = try await lab.send(
                .post, "/api/v1/lab/results", LabResultsTests.result(kits[0], level: 95, date: "2026-11-10"))
            reminder = try await ann.send(.get, "/api/v1/test-reminder").decode(ReminderJSON.self)
            #expect(reminder.due == "2027-11-10" && reminder.remindOn == "2027-10-27")
            reply = try await ann.send(.put, "/api/v1/test-reminder", #"{"everyMonths":6}"#)
            try ann.check.expectDocumented(reply, "/api/v1/test-reminder", "put")
            #expect(try reply.decode(ReminderJSON.self).due == "2027-05-10")
            let odd = try await ann.send(.put, "/api/v1/test-reminder", #"{"everyMonths":5}"#)
            #expect(odd.status == .unprocessableContent && odd.error?.field == "everyMonths")
            // Today is 16 November 2026: a day must come after it, and within two years.
            let today = try await ann.send(.put, "/api/v1/test-reminder", #"{"everyMonths":12,"nextTest":"2026-11-16"}"#)
            #expect(today.error?.message == "Choose a day after today and within two years.")
            let far = try await ann.send(.put, "/api/v1/test-reminder", #"{"everyMonths":12,"nextTest":"2028-11-16"}"#)
            #expect(far.status == .unprocessableContent && far.error?.field == "nextTest")
            reply = try await ann.send(.put, "/api/v1/test-reminder", #"{"everyMonths":0,"nextTest":"2026-11-17"}"#)
            reminder = try reply.decode(ReminderJSON.self)
            #expect(reminder.nextTest == "2026-11-17" && reminder.due == "2026-11-17" && reminder.remindOn == "2026-11-03")
        }
    }
}
