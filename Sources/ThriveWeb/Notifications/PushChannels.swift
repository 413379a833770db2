import AsyncHTTPClient
import Foundation
import NIOCore
import ThriveCore
import ThriveNotify
import ThriveStore

/// The ways a push leaves the server, one per device channel. Web Push is always available: its
/// VAPID key is made on first start, kept in the database so every server process signs with it,
/// and read once per process.
struct PushChannels: Sendable {
    let store: Store
    let now: Now
    let configuration: PushConfiguration
    let client: HTTPClient
    private let cache = VAPIDKeyCache()

    static let vapidKeyName = "vapid"

    init(store: Store, now: Now, configuration: PushConfiguration, client: HTTPClient = .shared) {
        self.store = store
        self.now = now
        self.configuration = configuration
        self.client = client
    }

    func vapidKey() async throws -> VAPIDKey {
        if let key = await cache.key { return key }
        let time = now()
        let stored = try await store.write { try await $0.serverKey(Self.vapidKeyName, at: time) { VAPIDKey().stored } }
        guard let key = VAPIDKey(stored: stored) else { throw UnreadableVAPIDKey() }
        await cache.keep(key)
        return key
    }

    func send(_ message: PushMessage, to device: PushDevice) async throws -> PushOutcome {
        switch device.channel {
        case .webPush:
            guard let p256dh = device.p256dh, let auth = device.auth,
                let subscription = try? WebPushSubscription(endpoint: device.token, p256dh: p256dh, auth: auth)
            else { return .gone }
            let sender = WebPushSender(
                key: try await vapidKey(), subject: configuration.contact, client: client, now: now,
                timeout: .seconds(configuration.timeoutSeconds))
            return await sender.send(message, to: subscription)
        case .apns:
            // Kept until an APNs key is configured: the device stays registered, nothing is sent.
            return .failed("APNs is not configured")
        }
    }
}

struct UnreadableVAPIDKey: Error {}

private actor VAPIDKeyCache {
    var key: VAPIDKey?
    func keep(_ key: VAPIDKey) { self.key = key }
}
