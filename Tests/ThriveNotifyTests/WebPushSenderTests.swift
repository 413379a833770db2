import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import ThriveCore
import ThriveTestSupport

@testable import ThriveNotify

/// The sender against a push service on 127.0.0.1 that checks VAPID and decrypts as a browser
/// would: what arrives is what was sent, with the headers RFC 8030 asks for, and each answer of the
/// push service becomes the outcome the job runner acts on.
@Suite("Web Push sender")
struct WebPushSenderTests {
    static let message = PushMessage(
        title: "Thrive", body: "Important health alert — open Thrive", url: "/#alert-1", tag: "n-1",
        kind: "criticalAlert", urgency: .high, timeToLive: 86_400)

    @Test("a push arrives signed, encrypted, and reads as the message")
    func delivers() async throws {
        let key = VAPIDKey()
        try await StubPushService.run { service in
            let sender = WebPushSender(key: key, subject: "mailto:ops@example.org", client: .shared)
            let subscription = try WebPushSubscription(
                endpoint: service.endpoint("phone"), p256dh: service.p256dh, auth: service.authSecret)
            #expect(await sender.send(Self.message, to: subscription) == .delivered)
            let delivery = try #require(await service.deliveries(to: "phone").first)
            #expect(
                delivery.json == [
                    "title": "Thrive", "body": "Important health alert — open Thrive", "url": "/#alert-1", "tag": "n-1",
                    "kind": "criticalAlert",
                ])
            #expect(delivery.urgency == "high")
            #expect(delivery.timeToLive == "86400")
            #expect(delivery.contentEncoding == "aes128gcm")
            #expect(delivery.vapidPublicKey == key.publicKey)
            #expect(delivery.claims.aud == "http://127.0.0.1:\(service.port)")
            #expect(delivery.claims.sub == "mailto:ops@example.org")
            // What travelled says nothing readable.
            #expect(String(decoding: delivery.body, as: UTF8.self).contains("Thrive") == false)
        }
    }

    @Test("410 and 404 mean the subscription is gone; 500 and 429 are failures to try again")
    func outcomes() async throws {
        try await StubPushService.run { service in
            let sender = WebPushSender(key: VAPIDKey(), subject: "mailto:ops@example.org", client: .shared)
            func subscription(_ name: String) throws -> WebPushSubscription {
                try WebPushSubscription(endpoint: service.endpoint(name), p256dh: service.p256dh, auth: service.authSecret)
            }
            await service.answer("gone", with: 410)
            await service.answer("unknown", with: 404)
            await service.answer("down", with: 500)
            await service.answer("busy", with: 429)
            let expected: [(String, PushOutcome)] = [
                ("gone", .gone), ("unknown", .gone), ("down", .failed("HTTP 500")), ("busy", .failed("HTTP 429")),
            ]
            for (name, outcome) in expected {
                let target = try subscription(name)
                #expect(await sender.send(Self.message, to: target) == outcome, "\(name)")
            }
            #expect(await service.deliveries.isEmpty)
        }
    }

    @Test("a push service that is not there is a failure, not a crash")
    func unreachable() async throws {
        let sender = WebPushSender(
            key: VAPIDKey(), subject: "mailto:ops@example.org", client: .shared, timeout: .milliseconds(500))
        let browser = WebPushSubscription(
            endpoint: URL(string: "http://127.0.0.1:9/push/x")!, p256dh: VAPIDTests.browserKey, auth: Data(count: 16))
        guard case .failed = await sender.send(Self.message, to: browser) else {
            Issue.record("expected a failure")
            return
        }
    }
}
