import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveSync
import ThriveWeb

/// The notification center: a safety alert that opens is a critical notification once, with a bell
/// that counts it; it opens its screen, reads, deletes, pages by cursor and keeps 30 days; nobody
/// sees another person's.
@Suite("Notification center")
struct NotificationCenterTests {
    static let evening = ISO8601DateFormatter().date(from: "2026-11-22T19:30:00Z")!
    /// Two mornings above 100 bpm: uploaded through the API, an app's readings, which need two days in a row.
    static let highRestingHeartRate =
        #"{"quantitySamples":[{"type":"HKQuantityTypeIdentifierRestingHeartRate","value":108,"start":"2026-11-21T07:00:00Z","source":{"name":"Apple Watch"},"syncIdentifier":"rhr-0"},{"type":"HKQuantityTypeIdentifierRestingHeartRate","value":112,"start":"2026-11-22T07:00:00Z","source":{"name":"Apple Watch"},"syncIdentifier":"rhr-1"}]}"#

    struct History: Decodable {
        struct Item: Decodable {
            let id: String
            let kind: String
            let category: String
            let title: String
            let body: String
            let link: String
            let read: Bool
        }
        let notifications: [Item]
        let unread: Int
        let nextCursor: String?
    }

    @Test func anOpenedAlertIsOneCriticalNotificationWithTheBellCountingIt() async throws {
        let clock = TestClock(Self.evening)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            #expect(try await browser.json(.post, "/api/v1/samples", Self.highRestingHeartRate, bearer: token).status == .ok)
            // The dashboard and the alerts API both evaluate; the alert is one notification however often.
            let home = try await browser.get("/").text
            _ = try await browser.json(.get, "/api/v1/alerts", bearer: token)
            _ = try await browser.get("/")
            let history = try await browser.json(.get, "/api/v1/mobile/notifications/history", bearer: token)
                .decode(History.self)
            #expect(history.unread == 1 && history.notifications.count == 1 && history.nextCursor == nil)
            let item = try #require(history.notifications.first)
            #expect(item.kind == "criticalAlert" && item.category == "criticalAlerts" && !item.read)
            #expect(item.title == "Resting heart rate above 100 bpm")
            #expect(item.body.hasPrefix("Your resting heart rate was 112 bpm"))
            #expect(item.link.hasPrefix("/#alert-"))
            #expect(home.contains(#"href="/notifications""#))

            // The bell says how many are new, on every page.
            let page = try await browser.get("/pillars").text
            #expect(page.contains(#"<span class="badge-count">1<span class="visually-hidden"> new</span></span>"#))

            // The center lists it; opening marks it read and goes to the alert on the dashboard.
            let center = try await browser.get("/notifications").text
            #expect(center.contains("Resting heart rate above 100 bpm") && center.contains("1 not read yet."))
            let opened = try await browser.post("/notifications/\(item.id)/open", form: [])
            #expect(opened.location == item.link)
            let after = try await browser.json(.get, "/api/v1/mobile/notifications/history", bearer: token).decode(History.self)
            #expect(after.unread == 0 && after.notifications[0].read)
            #expect(!(try await browser.get("/pillars").text.contains(#"class="badge-count">1"#)))

            // Deleted, it is gone, and a second delete is a 404.
            let deleted = try await browser.post("/notifications/\(item.id)/delete", form: [])
            #expect(deleted.location == "/notifications?deleted=1")
            #expect(try await browser.get("/notifications?deleted=1").text.contains("Notification deleted."))
            #expect(
                try await browser.json(.delete, "/api/v1/mobile/notifications/\(item.id)", bearer: token).status == .notFound)
            // The alert still open is not announced a second time.
            _ = try await browser.get("/")
            #expect(
                try await browser.json(.get, "/api/v1/mobile/notifications/history", bearer: token).text.contains(
                    #""notifications":[]"#))
        }
    }

    /// Spec 004: alerts are evaluated as data arrives, not when a page is opened. The upload leaves a
    /// job; the runner's next pass opens the alert and its notification, with no page read at all.
    @Test func anUploadIsEvaluatedInTheBackground() async throws {
        let clock = TestClock(Self.evening)
        let app = try await TestApp.make(clock: clock)
        let jobs = BackgroundJobs(store: app.store, now: clock.source, logger: app.logs.logger())
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            _ = try await jobs.runDue()
            #expect(try await browser.json(.post, "/api/v1/samples", Self.highRestingHeartRate, bearer: token).status == .ok)
            let before = try await app.store.read { try await $0.jobs.waiting(dueBy: clock.now, limit: 10) }
            #expect(before.map(\.kind) == ["evaluateAlerts"])
            #expect(try await jobs.runDue() >= 1)
            let alerts = try await app.store.read { repositories in
                try await repositories.records(of: try #require(before.first?.owner)).alerts.open()
            }
            #expect(alerts.map(\.condition) == [.restingHeartRateHigh])
            let history = try await browser.json(.get, "/api/v1/mobile/notifications/history", bearer: token).decode(History.self)
            #expect(history.notifications.map(\.kind) == ["criticalAlert"] && history.unread == 1)

            // Thirty-one days on, the nightly tidy has deleted it from the database, not only hidden it.
            let owner = try #require(before.first?.owner)
            clock.advance(minutes: 31 * 24 * 60)
            #expect(try await jobs.runDue() >= 1)
            let kept = try await app.store.read {
                try await $0.records(of: owner).notifications.list(since: .distantPast, before: nil, limit: 10)
            }
            #expect(kept?.isEmpty == true)
        }
    }

    /// Spec 004: a logged meal, a day marked complete and a device's offline changes are data
    /// arriving too; each leaves an evaluation for after its commit.
    @Test func mealsDaysAndSyncedChangesAreEvaluatedToo() async throws {
        let clock = TestClock(Self.evening)
        let app = try await TestApp.make(clock: clock)
        let jobs = BackgroundJobs(store: app.store, now: clock.source, logger: app.logs.logger())
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            _ = try await jobs.runDue()
            func evaluations() async throws -> Int {
                try await app.store.read { try await $0.jobs.waiting(dueBy: clock.now, limit: 20) }
                    .filter { $0.kind == "evaluateAlerts" }.count
            }
            let meal = try await browser.json(
                .post, "/api/v1/entries/meals", #"{"meal":"dinner","name":"Soup","energyKilocalories":300}"#, bearer: token)
            #expect(meal.status == .created)
            #expect(try await evaluations() == 1)
            let day = try await browser.json(
                .put, "/api/v1/entries/meals/days/2026-11-22", #"{"complete":true}"#, bearer: token)
            #expect(day.status == .ok, "\(day.text)")
            #expect(try await evaluations() == 2)
            let change = SyncChange(
                id: UUID(), kind: .moodCheckIn, recordID: UUID(), operation: .upsert,
                fields: .object(["recordedAt": .string("2026-11-22T08:00:00Z"), "mood": .number(3)]), madeAt: Self.evening)
            let body = try SyncDevice.body(SyncRequest(cursor: 0, changes: [change], limit: 0))
            let synced = try await browser.json(.post, "/api/v1/mobile/sync", body, bearer: token)
            #expect(synced.status == .ok, "\(synced.text)")
            #expect(try await evaluations() == 3)
            _ = try await jobs.runDue()
            #expect(try await evaluations() == 0)
        }
    }

    @Test func nobodySeesOrTouchesAnotherPersonsNotifications() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            _ = try await browser.json(.post, "/api/v1/samples", Self.highRestingHeartRate, bearer: token)
            _ = try await browser.json(.get, "/api/v1/alerts", bearer: token)
            let mine = try await browser.json(.get, "/api/v1/mobile/notifications/history", bearer: token).decode(History.self)
            let id = try #require(mine.notifications.first?.id)

            try await browser.signUp(email: "bob@example.com", name: "Bob", timeZone: "UTC")
            let bob = try await browser.apiLogin(email: "bob@example.com").accessToken
            #expect(
                try await browser.json(.get, "/api/v1/mobile/notifications/history", bearer: bob).text.contains(
                    #""notifications":[]"#))
            #expect(try await browser.json(.post, "/api/v1/mobile/notifications/\(id)/read", bearer: bob).status == .notFound)
            #expect(try await browser.json(.delete, "/api/v1/mobile/notifications/\(id)", bearer: bob).status == .notFound)
            #expect(
                try await browser.json(.get, "/api/v1/mobile/notifications/history?cursor=\(id)", bearer: bob).status == .notFound
            )
            #expect(try await browser.post("/notifications/\(id)/open", form: []).status == .notFound)
            // Still Ann's, unread.
            let still = try await browser.json(.get, "/api/v1/mobile/notifications/history", bearer: token).decode(History.self)
            #expect(still.unread == 1)
        }
    }

    @Test(arguments: ["limit=0", "limit=101", "limit=ten", "cursor=not-an-id"])
    func aBadPageRequestIsExplained(query: String) async throws {
        try await TestApp.make().test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            let reply = try await browser.json(.get, "/api/v1/mobile/notifications/history?\(query)", bearer: token)
            #expect(reply.status == .badRequest, "\(reply.text)")
        }
    }

    @Test func theCenterIsEmptyAtFirstAndSaysSo() async throws {
        try await TestApp.make().test { browser in
            try await browser.signUp()
            let page = try await browser.get("/notifications")
            #expect(page.status == .ok)
            #expect(page.text.contains("No notifications in the last 30 days."))
            #expect(!page.text.contains("Mark all as read"))
            #expect(!page.text.contains(#"class="badge-count""#))
        }
    }
}
