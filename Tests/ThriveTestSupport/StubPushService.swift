import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import ThriveCore
import ThriveNotify

/// A push service on 127.0.0.1 that does what a real one does with a push, and what a browser then
/// does: it checks the VAPID header (signature, audience, expiry) and refuses a bad one with 401,
/// then opens the body with the subscribed browser's private key. Every push that arrives is kept,
/// decrypted, for the test to read. A path can be told to answer another status (410 for a
/// subscription that is gone, 500 for a service that is down).
public actor StubPushService {
    public struct Delivery: Sendable {
        public let path: String
        public let urgency: String?
        public let timeToLive: String?
        public let contentEncoding: String?
        public let claims: VAPIDClaims
        public let vapidPublicKey: String
        /// What the browser reads.
        public let payload: Data
        /// What travelled: never readable without the browser's key.
        public let body: Data

        /// The payload's text fields.
        public var json: [String: String] {
            ((try? JSONSerialization.jsonObject(with: payload) as? [String: Any]) ?? [:]).compactMapValues { $0 as? String }
        }

        /// The payload's buttons, as (action, title).
        public var actions: [(String, String)] {
            let object = (try? JSONSerialization.jsonObject(with: payload) as? [String: Any]) ?? [:]
            return ((object["actions"] as? [[String: String]]) ?? []).map { ($0["action"] ?? "", $0["title"] ?? "") }
        }
    }

    public let browserKey = P256.KeyAgreement.PrivateKey()
    public let auth = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
    public private(set) var deliveries: [Delivery] = []
    public private(set) var refused: [String] = []
    private var answers: [String: Int] = [:]
    public nonisolated let port: Int
    /// The clock VAPID expiry is checked against: the app's, in tests that set it.
    let now: Now

    init(port: Int, now: Now) {
        self.port = port
        self.now = now
    }

    public nonisolated var p256dh: String { browserKey.publicKey.x963Representation.base64URLEncoded }
    public nonisolated var authSecret: String { auth.base64URLEncoded }
    public nonisolated func endpoint(_ name: String) -> String { "http://127.0.0.1:\(port)/push/\(name)" }

    /// Answer pushes to `name` with `status` from now on.
    public func answer(_ name: String, with status: Int) { answers[name] = status }

    public func deliveries(to name: String) -> [Delivery] { deliveries.filter { $0.path == name } }

    func receive(_ name: String, headers: HTTPFields, body: Data, host: String) -> Int {
        guard let authorization = headers[.authorization] else {
            refused.append("no authorization")
            return 401
        }
        let claims: VAPIDClaims
        let key: String
        do {
            (claims, key) = try VAPIDVerification.verify(authorization, audience: "http://\(host)", now: now())
        } catch {
            refused.append("\(error)")
            return 403
        }
        guard let payload = try? WebPushEncryption.decrypt(body, privateKey: browserKey, auth: auth) else {
            refused.append("undecryptable")
            return 400
        }
        let status = answers[name] ?? 201
        if status < 300 {
            deliveries.append(
                Delivery(
                    path: name, urgency: headers[HTTPField.Name("Urgency")!], timeToLive: headers[HTTPField.Name("TTL")!],
                    contentEncoding: headers[.contentEncoding], claims: claims, vapidPublicKey: key, payload: payload, body: body
                ))
        }
        return status
    }

    /// Runs `body` with a push service listening on 127.0.0.1.
    public static func run<T: Sendable>(
        now: Now = .system, _ body: @Sendable (StubPushService) async throws -> T
    ) async throws -> T {
        let box = ServiceBox()
        let router = Router()
        router.post("push/:name") { request, context -> Response in
            let name = context.parameters.get("name") ?? ""
            let bytes = try await request.body.collect(upTo: 8_192)
            let host = request.head.authority ?? ""
            guard let service = box.service else { return Response(status: .serviceUnavailable) }
            let status = await service.receive(
                name, headers: request.headers, body: Data(buffer: bytes), host: host)
            return Response(status: .init(code: status))
        }
        return try await LocalServer.run(router: router) { port in
            let service = StubPushService(port: port, now: now)
            box.service = service
            return try await body(service)
        }
    }
}

private final class ServiceBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: StubPushService?
    var service: StubPushService? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
