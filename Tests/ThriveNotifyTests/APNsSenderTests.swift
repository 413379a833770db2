import Crypto
import Foundation
import Synchronization
import Testing
import ThriveCore
import ThriveTestSupport

@testable import ThriveNotify

/// The APNs provider against a local HTTP/2 TLS service that checks the provider token as Apple's
/// does: the headers, the JSON, priority 10 and time-sensitive for a critical alert, one token
/// reused for 40 minutes, and what each answer means for the device.
@Suite("APNs sender")
struct APNsSenderTests {
    static let teamKey = P256.Signing.PrivateKey()
    static let deviceToken = String(repeating: "ab", count: 32)

    static func message(kind: String = "criticalAlert", urgency: PushMessage.Urgency = .high) -> PushMessage {
        PushMessage(
            title: "Thrive", body: "Important health alert — open Thrive", url: "/#alert-1", tag: "thrive-1", kind: kind,
            urgency: urgency, timeToLive: 86_400)
    }

    @Test func aCriticalAlertGoesOverHTTP2WithPriority10AndTimeSensitive() async throws {
        let clock = Date(timeIntervalSince1970: 1_795_000_000)
        try await StubAPNs.run(teamKey: Self.teamKey.publicKey, keyID: "KEY1234567", teamID: "TEAM123456") { service in
            let sender = APNsSender(
                configuration: APNsConfiguration(
                    keyID: "KEY1234567", teamID: "TEAM123456", topic: "org.thrive.app", key: Self.teamKey,
                    baseURL: service.baseURL),
                client: service.client, now: .fixed(clock))
            #expect(await sender.send(Self.message(), deviceToken: Self.deviceToken) == .delivered)
            let delivery = try #require(await service.deliveries.first)
            #expect(delivery.http2, "APNs speaks HTTP/2 only")
            #expect(delivery.deviceToken == Self.deviceToken)
            #expect(delivery.headers["apns-topic"] == "org.thrive.app")
            #expect(delivery.headers["apns-push-type"] == "alert")
            #expect(delivery.headers["apns-priority"] == "10")
            #expect(delivery.headers["apns-expiration"] == "1795086400")
            #expect(delivery.headers["apns-collapse-id"] == "thrive-1")
            #expect(delivery.aps["interruption-level"] as? String == "time-sensitive")
            #expect(delivery.aps["sound"] as? String == "default")
            let alert = try #require(delivery.aps["alert"] as? [String: String])
            #expect(alert == ["title": "Thrive", "body": "Important health alert — open Thrive"])
            #expect(delivery.json["url"] as? String == "/#alert-1")

            // A tip: priority 5, passive, silent.
            _ = await sender.send(Self.message(kind: "tip", urgency: .low), deviceToken: Self.deviceToken)
            let tip = try #require(await service.deliveries.last)
            #expect(tip.headers["apns-priority"] == "5" && tip.aps["interruption-level"] as? String == "passive")
            #expect(tip.aps["sound"] == nil)
            #expect(delivery.aps["category"] == nil, "an alert has no buttons")

            // A reminder's buttons are the app's registered category; its snooze token travels beside them.
            let reminder = PushMessage(
                title: "Thrive", body: "A habit reminder — open Thrive", url: "/habits", tag: "thrive-2", kind: "habitReminder",
                urgency: .high, timeToLive: 3_600,
                actions: [.init(action: "logNow", title: "Log now"), .init(action: "snooze", title: "Snooze 1 hour")],
                snooze: "token-1")
            _ = await sender.send(reminder, deviceToken: Self.deviceToken)
            let sent = try #require(await service.deliveries.last)
            #expect(sent.aps["category"] as? String == "logNow+snooze" && sent.json["snooze"] as? String == "token-1")
        }
    }

    @Test func oneProviderTokenServesFortyMinutes() async throws {
        let clock = TestTime(Date(timeIntervalSince1970: 1_795_000_000))
        try await StubAPNs.run(teamKey: Self.teamKey.publicKey, keyID: "KEY1234567", teamID: "TEAM123456") { service in
            let sender = APNsSender(
                configuration: APNsConfiguration(
                    keyID: "KEY1234567", teamID: "TEAM123456", topic: "org.thrive.app", key: Self.teamKey,
                    baseURL: service.baseURL),
                client: service.client, now: clock.now)
            _ = await sender.send(Self.message(), deviceToken: Self.deviceToken)
            clock.advance(39 * 60 + 59)
            _ = await sender.send(Self.message(), deviceToken: Self.deviceToken)
            clock.advance(1)
            _ = await sender.send(Self.message(), deviceToken: Self.deviceToken)
            let bearers = await service.deliveries.map(\.bearer)
            #expect(bearers.count == 3 && bearers[0] == bearers[1] && bearers[1] != bearers[2])
        }
    }

    @Test func goneTokensAreForgottenAndOtherFailuresRetried() async throws {
        try await StubAPNs.run(teamKey: Self.teamKey.publicKey, keyID: "KEY1234567", teamID: "TEAM123456") { service in
            let sender = APNsSender(
                configuration: APNsConfiguration(
                    keyID: "KEY1234567", teamID: "TEAM123456", topic: "org.thrive.app", key: Self.teamKey,
                    baseURL: service.baseURL),
                client: service.client)
            await service.answer("aa", status: 410, reason: "Unregistered")
            await service.answer("bb", status: 400, reason: "BadDeviceToken")
            await service.answer("cc", status: 500, reason: "InternalServerError")
            await service.answer("dd", status: 400, reason: "BadCollapseId")
            let expected: [(String, PushOutcome)] = [
                ("aa", .gone), ("bb", .gone), ("cc", .failed("HTTP 500 InternalServerError")),
                ("dd", .failed("HTTP 400 BadCollapseId")),
            ]
            for (token, outcome) in expected {
                #expect(await sender.send(Self.message(), deviceToken: token) == outcome, "\(token)")
            }
            // Another team's key is refused as APNs refuses it.
            let stranger = APNsSender(
                configuration: APNsConfiguration(
                    keyID: "KEY1234567", teamID: "TEAM123456", topic: "org.thrive.app", key: P256.Signing.PrivateKey(),
                    baseURL: service.baseURL),
                client: service.client)
            #expect(
                await stranger.send(Self.message(), deviceToken: Self.deviceToken) == .failed("HTTP 403 InvalidProviderToken"))
            #expect(await service.deliveries.isEmpty)
        }
    }
}

/// A clock a test moves by hand.
final class TestTime: Sendable {
    private let current: Mutex<Date>
    init(_ start: Date) { current = Mutex(start) }
    var now: Now { Now { self.current.withLock { $0 } } }
    func advance(_ seconds: TimeInterval) { current.withLock { $0 += seconds } }
}
