import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveTestSupport
import ThriveWeb

/// Pushes that leave the server: registered devices (spec 001's `POST /api/v1/mobile/devices`), a
/// critical alert and a habit reminder pushed through a local push service that checks VAPID and
/// decrypts as the browser would, with what a locked screen may show and nothing more.
@Suite("Push delivery")
struct PushDeliveryTests {
    /// Sunday 22 November 2026, 19:30 UTC: before quiet hours.
    static let evening = ISO8601DateFormatter().date(from: "2026-11-22T19:30:00Z")!
    static let highRestingHeartRate = NotificationCenterTests.highRestingHeartRate

    struct Device: Decodable {
        let id: String
        let channel: String
        let platform: String
        let preferences: [String: Bool]
    }

    static func registration(_ service: StubPushService, _ name: String, extra: String = "") -> String {
        #"{"deviceToken":"webpush:\#(service.endpoint(name))","platform":"web","appVersion":"1.0.0","keys":{"p256dh":"\#(service.p256dh)","auth":"\#(service.authSecret)"}\#(extra)}"#
    }

    /// Every payload that left the server: the kind's prompt to open Thrive, never a value or the
    /// condition, unless the person chose details for that category.
    static func expectNothingPrivate(_ deliveries: [StubPushService.Delivery]) {
        for delivery in deliveries {
            let text = String(decoding: delivery.payload, as: UTF8.self)
            for secret in ["112", "bpm", "heart", "Heart", "Stretch"] {
                #expect(!text.contains(secret), "\(secret) left the server in \(text)")
            }
        }
    }

    @Test func aCriticalAlertReachesEveryDeviceSayingOnlyOpenThrive() async throws {
        let clock = TestClock(Self.evening)
        let app = try await TestApp.make(clock: clock)
        let jobs = BackgroundJobs(store: app.store, now: clock.source, logger: app.logs.logger())
        try await StubPushService.run(now: clock.source) { service in
            try await app.test { browser in
                try await browser.signUp(timeZone: "UTC")
                let token = try await browser.apiLogin().accessToken
                for name in ["phone", "laptop"] {
                    let made = try await browser.json(
                        .post, "/api/v1/mobile/devices", Self.registration(service, name), bearer: token)
                    #expect(made.status == .created, "\(made.text)")
                    #expect(!made.text.contains(service.endpoint(name)), "the endpoint is a capability, never echoed")
                }
                _ = try await jobs.runDue()  // the day's prompts, planned
                #expect(try await browser.json(.post, "/api/v1/samples", Self.highRestingHeartRate, bearer: token).status == .ok)
                // The upload's evaluation opens the alert; its pushes run in the same pass.
                #expect(try await jobs.runDue() == 3)
                for name in ["phone", "laptop"] {
                    let delivery = try #require(await service.deliveries(to: name).first)
                    #expect(delivery.json["title"] == "Thrive")
                    #expect(delivery.json["body"] == "Important health alert — open Thrive")
                    #expect(delivery.json["kind"] == "criticalAlert")
                    #expect(delivery.json["url"]?.hasPrefix("/#alert-") == true)
                    #expect(delivery.urgency == "high" && delivery.timeToLive == "86400")
                    // Opened, never snoozed away: no buttons but the tap.
                    #expect(delivery.actions.isEmpty && delivery.json["snooze"] == nil)
                }
                Self.expectNothingPrivate(await service.deliveries)
                #expect(try await jobs.runDue() == 0, "each device once")
                #expect(await service.deliveries.count == 2)
                // Nothing about it in the logs beyond kinds and outcomes.
                // (Request ids and timings may hold any digits: look for the value with its unit.)
                let logs = app.logs.text
                #expect(!logs.contains("112 bpm") && !logs.contains("heart") && !logs.contains(service.endpoint("phone")))
            }
        }
    }

    @Test func aGoneDeviceIsForgottenAndAFailingOneIsTriedTwiceMore() async throws {
        let clock = TestClock(Self.evening)
        let app = try await TestApp.make(clock: clock)
        let jobs = BackgroundJobs(store: app.store, now: clock.source, logger: app.logs.logger())
        try await StubPushService.run(now: clock.source) { service in
            try await app.test { browser in
                try await browser.signUp(timeZone: "UTC")
                let token = try await browser.apiLogin().accessToken
                await service.answer("old", with: 410)
                await service.answer("down", with: 503)
                for name in ["old", "down"] {
                    _ = try await browser.json(.post, "/api/v1/mobile/devices", Self.registration(service, name), bearer: token)
                }
                _ = try await jobs.runDue()  // the day's prompts, planned
                _ = try await browser.json(.post, "/api/v1/samples", Self.highRestingHeartRate, bearer: token)
                #expect(try await jobs.runDue() == 3)
                let devices = try await browser.json(.get, "/api/v1/mobile/devices", bearer: token).decode([Device].self)
                #expect(devices.count == 1, "the 410 device is removed, the failing one kept")
                // Tried again after 30 seconds and after 2 minutes, then left failed for operators.
                clock.advance(minutes: 0.4)
                #expect(try await jobs.runDue() == 0)
                clock.advance(minutes: 0.1)
                #expect(try await jobs.runDue() == 1)
                clock.advance(minutes: 2)
                #expect(try await jobs.runDue() == 1)
                clock.advance(minutes: 60)
                _ = try await jobs.runDue()  // the e-mail fallback's check, with no e-mail set up
                let failed = try await jobs.overview(dueBy: clock.now).failed
                #expect(failed.map(\.kind) == ["pushDelivery"] && failed.first?.attempts == 3)
                #expect(failed.first?.lastError == "PushFailed")
                #expect(await service.deliveries.isEmpty)
            }
        }
    }

    /// Quiet hours hold a critical push until they end for a person who did not opt in to being
    /// woken (spec 004); the center has it at once. Opted in, it goes at once (spec 001).
    @Test(arguments: [false, true])
    func aNightAlertWaitsForMorningUnlessThePersonOptedIn(optedIn: Bool) async throws {
        let night = ISO8601DateFormatter().date(from: "2026-11-22T23:00:00Z")!
        let clock = TestClock(night)
        let app = try await TestApp.make(clock: clock)
        let jobs = BackgroundJobs(store: app.store, now: clock.source, logger: app.logs.logger())
        try await StubPushService.run(now: clock.source) { service in
            try await app.test { browser in
                try await browser.signUp(timeZone: "UTC")
                let token = try await browser.apiLogin().accessToken
                let settings = try await browser.json(
                    .put, "/api/v1/mobile/notifications/settings", #"{"criticalAlertsBreakQuietHours":\#(optedIn)}"#,
                    bearer: token)
                #expect(settings.status == .ok && settings.text.contains(#""criticalAlertsBreakQuietHours":\#(optedIn)"#))
                _ = try await browser.json(.post, "/api/v1/mobile/devices", Self.registration(service, "phone"), bearer: token)
                _ = try await browser.json(.post, "/api/v1/samples", Self.highRestingHeartRate, bearer: token)
                _ = try await jobs.runDue()
                let history = try await browser.json(.get, "/api/v1/mobile/notifications/history", bearer: token)
                #expect(history.text.contains(#""kind":"criticalAlert""#), "in the center at once")
                #expect(await service.deliveries.count == (optedIn ? 1 : 0))
                // 06:59 still quiet; at 07:00 it goes.
                clock.advance(minutes: 7 * 60 + 59)
                _ = try await jobs.runDue()
                #expect(await service.deliveries.count == (optedIn ? 1 : 0))
                clock.advance(minutes: 1)
                _ = try await jobs.runDue()
                #expect(await service.deliveries.count == 1)
            }
        }
    }

    /// A habit reminder says only "A habit reminder — open Thrive" on a locked screen; with details
    /// chosen for habit reminders it names the habit, in the person's language.
    @Test(arguments: [false, true])
    func aHabitReminderShowsItsWordsOnlyWhereThePersonChose(details: Bool) async throws {
        let morning = ISO8601DateFormatter().date(from: "2026-11-26T07:00:00Z")!
        let clock = TestClock(morning)
        let app = try await TestApp.make(clock: clock)
        let jobs = BackgroundJobs(store: app.store, now: clock.source, logger: app.logs.logger())
        try await StubPushService.run(now: clock.source) { service in
            try await app.test { browser in
                try await browser.signUp(timeZone: "UTC")
                let token = try await browser.apiLogin().accessToken
                _ = try await browser.json(
                    .patch, "/api/v1/mobile/settings",
                    #"{"display":{"language":"fr"},"notifications":{"lockScreenDetails":{"habitReminders":\#(details)}}}"#,
                    bearer: token)
                _ = try await browser.json(.post, "/api/v1/mobile/devices", Self.registration(service, "phone"), bearer: token)
                _ = try await browser.json(.post, "/api/v1/habits", #"{"name":"Stretch","reminder":"07:30"}"#, bearer: token)
                _ = try await jobs.runDue()
                clock.advance(minutes: 30)
                _ = try await jobs.runDue()
                let delivery = try #require(await service.deliveries(to: "phone").first)
                #expect(delivery.json["kind"] == "habitReminder" && delivery.urgency == "high" && delivery.timeToLive == "3600")
                if details {
                    #expect(delivery.json["title"] == "C’est l’heure : Stretch")
                } else {
                    #expect(delivery.json["title"] == "Thrive")
                    #expect(delivery.json["body"] == "Un rappel d’habitude — ouvrez Thrive")
                    Self.expectNothingPrivate(await service.deliveries)
                }
            }
        }
    }

    @Test func aTestNotificationGoesToEveryDeviceAtOnce() async throws {
        let clock = TestClock(ISO8601DateFormatter().date(from: "2026-11-22T23:30:00Z")!)
        let app = try await TestApp.make(clock: clock)
        let jobs = BackgroundJobs(store: app.store, now: clock.source, logger: app.logs.logger())
        try await StubPushService.run(now: clock.source) { service in
            try await app.test { browser in
                try await browser.signUp(timeZone: "UTC")
                let token = try await browser.apiLogin().accessToken
                let none = try await browser.json(.post, "/api/v1/mobile/notifications/test", bearer: token)
                #expect(none.status == .created && none.text.contains(#""devices":0"#))
                _ = try await browser.json(
                    .post, "/api/v1/mobile/devices",
                    Self.registration(service, "phone", extra: #","preferences":{"educational":false}"#),
                    bearer: token)
                // From the settings page, without scripts: a form and a plain answer.
                _ = try await browser.get("/profile/settings")
                let sent = try await browser.post("/profile/settings/notifications/test", form: [])
                #expect(sent.location == "/profile/settings?tested=1#notifications")
                #expect(
                    try await browser.get(try #require(sent.location)).text.contains(
                        "Sent to 1 device and to your notifications."))
                _ = try await jobs.runDue()
                let delivery = try #require(await service.deliveries(to: "phone").first)
                #expect(delivery.json["title"] == "Test notification", "quiet hours and muted categories do not hold a test")
            }
        }
    }

    @Test func devicesAreCheckedAndEachPersonsOwn() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await StubPushService.run { service in
            try await app.test { browser in
                try await browser.signUp(timeZone: "UTC")
                let token = try await browser.apiLogin().accessToken
                let good = (service.p256dh, service.authSecret)
                let bad: [(String, String)] = [
                    (#"{"deviceToken":"fcm:abc","platform":"web"}"#, "deviceToken"),
                    (
                        #"{"deviceToken":"webpush:http://push.example.net/x","platform":"web","keys":{"p256dh":"\#(good.0)","auth":"\#(good.1)"}}"#,
                        "deviceToken"
                    ),
                    (#"{"deviceToken":"webpush:https://push.example.net/x","platform":"web"}"#, "keys"),
                    (
                        #"{"deviceToken":"webpush:https://push.example.net/x","platform":"web","keys":{"p256dh":"AAAA","auth":"\#(good.1)"}}"#,
                        "keys.p256dh"
                    ),
                    (
                        #"{"deviceToken":"webpush:https://push.example.net/x","platform":"web","keys":{"p256dh":"\#(good.0)","auth":"AAAA"}}"#,
                        "keys.auth"
                    ),
                    (#"{"deviceToken":"apns:xyz","platform":"ios"}"#, "deviceToken"),
                    (#"{"deviceToken":"apns:\#(String(repeating: "ab", count: 32))","platform":"windows"}"#, "platform"),
                    (
                        #"{"deviceToken":"apns:\#(String(repeating: "ab", count: 32))","platform":"ios","preferences":{"gossip":true}}"#,
                        "preferences.gossip"
                    ),
                ]
                for (body, field) in bad {
                    let reply = try await browser.json(.post, "/api/v1/mobile/devices", body, bearer: token)
                    #expect(
                        reply.status == .unprocessableContent && reply.text.contains(#""field":"\#(field)""#),
                        "\(body): \(reply.text)")
                }
                #expect(try await browser.json(.get, "/api/v1/mobile/devices", bearer: token).text == "[]")

                // Spec 001's own example: an APNs token with its four preferences.
                let apns = try await browser.json(
                    .post, "/api/v1/mobile/devices",
                    #"{"deviceToken":"apns:\#(String(repeating: "0f", count: 32))","platform":"ios","osVersion":"17.1","appVersion":"1.0.0","preferences":{"criticalAlerts":true,"testResults":true,"reminders":false,"educational":false}}"#,
                    bearer: token)
                #expect(apns.status == .created, "\(apns.text)")
                let device = try apns.decode(Device.self)
                #expect(device.channel == "apns" && device.platform == "ios")
                #expect(device.preferences["criticalAlerts"] == true && device.preferences["habitReminders"] == false)
                #expect(device.preferences["tips"] == false && device.preferences["insights"] == true)
                // Registering the same token again renews it: one device, same id.
                let again = try await browser.json(
                    .post, "/api/v1/mobile/notifications/register",
                    #"{"deviceToken":"apns:\#(String(repeating: "0F", count: 32))","platform":"ios"}"#, bearer: token)
                #expect(try again.decode(Device.self).id == device.id)
                #expect(try await browser.json(.get, "/api/v1/mobile/devices", bearer: token).decode([Device].self).count == 1)

                try await browser.signUp(email: "bob@example.com", name: "Bob", timeZone: "UTC")
                let bob = try await browser.apiLogin(email: "bob@example.com").accessToken
                #expect(try await browser.json(.delete, "/api/v1/mobile/devices/\(device.id)", bearer: bob).status == .notFound)
                #expect(try await browser.json(.get, "/api/v1/mobile/devices", bearer: bob).text == "[]")
                #expect(
                    try await browser.json(.delete, "/api/v1/mobile/devices/\(device.id)", bearer: token).status == .noContent)
                #expect(try await browser.json(.get, "/api/v1/mobile/devices", bearer: token).text == "[]")
            }
        }
    }

    /// One VAPID key for every server process on one database: a subscription made through one is
    /// pushed to by all.
    @Test func theWebPushKeyIsMadeOnceAndSharedByEveryProcess() async throws {
        let first = try await TestApp.make()
        let second = try await TestApp.make(sharing: first)
        let keys = try await first.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            let one = try await browser.json(.get, "/api/v1/mobile/notifications/web-push-key", bearer: token).text
            let other = try await second.test { other in
                let token = try await other.apiLogin().accessToken
                return try await other.json(.get, "/api/v1/mobile/notifications/web-push-key", bearer: token).text
            }
            return (one, other)
        }
        #expect(keys.0 == keys.1 && keys.0.contains(#""publicKey":"B"#))
    }
}
