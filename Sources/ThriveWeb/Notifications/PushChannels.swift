import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOSSL
import Synchronization
import ThriveCore
import ThriveNotify
import ThriveStore

/// The ways a notification leaves the server, one per device channel, and e-mail. Web Push is always
/// available: its VAPID key is made on first start, kept in the database so every server process
/// signs with it, and read once per process. APNs and e-mail are there when configured.
struct PushChannels: Sendable {
    let store: Store
    let now: Now
    let configuration: PushConfiguration
    let client: HTTPClient
    let apns: APNsSender?
    let email: SMTPClient?
    private let cache = KeyCache()

    static let vapidKeyName = "vapid"

    init(store: Store, now: Now, configuration: PushConfiguration, client: HTTPClient = .shared) {
        self.store = store
        self.now = now
        self.configuration = configuration
        self.client = client
        apns = configuration.apns.flatMap { setup in
            guard let key = try? P256.Signing.PrivateKey(pemRepresentation: setup.keyPEM) else { return nil }
            return APNsSender(
                configuration: APNsConfiguration(
                    keyID: setup.keyID, teamID: setup.teamID, topic: setup.topic, key: key, baseURL: setup.baseURL),
                client: Self.client(trusting: setup.trustedCAPEM) ?? client, now: now,
                timeout: .seconds(configuration.timeoutSeconds))
        }
        email = configuration.smtp.flatMap { setup in
            (try? SMTPConfiguration(url: setup.url, from: setup.from)).map { SMTPClient(configuration: $0, now: now) }
        }
    }

    func vapidKey() async throws -> VAPIDKey {
        if let key = await cache.vapid { return key }
        let time = now()
        let stored = try await store.write { try await $0.serverKey(Self.vapidKeyName, at: time) { VAPIDKey().stored } }
        guard let key = VAPIDKey(stored: stored) else { throw UnreadableServerKey() }
        await cache.keep(vapid: key)
        return key
    }

    /// The key that signs a push's snooze button (``SnoozeToken``), shared by every server process.
    func actionKey() async throws -> SymmetricKey {
        if let key = await cache.actions { return key }
        let time = now()
        let stored = try await store.write {
            try await $0.serverKey(SnoozeToken.keyName, at: time) {
                SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64URLEncoded
            }
        }
        guard let bytes = Data(base64URLEncoded: stored), bytes.count == 32 else { throw UnreadableServerKey() }
        let key = SymmetricKey(data: bytes)
        await cache.keep(actions: key)
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
            // Kept while APNs is not configured: the device stays registered, nothing is sent.
            guard let apns else { return .failed("APNs is not configured") }
            return await apns.send(message, deviceToken: device.token)
        }
    }

    /// One client per private CA, for the life of the process (an HTTP client must outlive its use).
    private static let clients = Mutex<[String: HTTPClient]>([:])

    static func client(trusting pem: String?) -> HTTPClient? {
        guard let pem, let certificates = try? NIOSSLCertificate.fromPEMBytes(Array(pem.utf8)), !certificates.isEmpty
        else { return nil }
        return clients.withLock { clients in
            if let known = clients[pem] { return known }
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.additionalTrustRoots = [.certificates(certificates)]
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(tlsConfiguration: tls))
            clients[pem] = client
            return client
        }
    }
}

struct UnreadableServerKey: Error {}

private actor KeyCache {
    var vapid: VAPIDKey?
    var actions: SymmetricKey?
    func keep(vapid key: VAPIDKey) { vapid = key }
    func keep(actions key: SymmetricKey) { actions = key }
}
