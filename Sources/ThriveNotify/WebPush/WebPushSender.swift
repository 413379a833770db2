import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ThriveCore

/// Sends one encrypted push to one browser's push service (RFC 8030 §5), signed with the server's
/// VAPID key (RFC 8292) and encrypted to the browser (RFC 8291).
public struct WebPushSender: Sendable {
    public let key: VAPIDKey
    /// The operator's contact the push service may write to (`mailto:` or `https:`).
    public let subject: String
    let client: HTTPClient
    let now: Now
    /// A push service that does not answer is a failure (tried again later), not a stuck job.
    let timeout: TimeAmount
    /// RFC 8292 allows 24 hours; 12 leaves room for clocks that disagree.
    static let tokenLifetime: TimeInterval = 12 * 3_600

    public init(
        key: VAPIDKey, subject: String, client: HTTPClient, now: Now = .system, timeout: TimeAmount = .seconds(15)
    ) {
        self.key = key
        self.timeout = timeout
        self.subject = subject
        self.client = client
        self.now = now
    }

    /// The request for one push: encrypted body and headers. Separate from sending so that the
    /// benchmark measures the cryptography alone.
    public func request(_ message: PushMessage, to subscription: WebPushSubscription) throws -> HTTPClientRequest {
        let body = try WebPushEncryption.encrypt(message.webPayload, p256dh: subscription.p256dh, auth: subscription.auth)
        var request = HTTPClientRequest(url: subscription.endpoint.absoluteString)
        request.method = .POST
        request.headers.add(
            name: "Authorization",
            value: try key.authorization(
                for: subscription.endpoint, subject: subject, expiresAt: now().addingTimeInterval(Self.tokenLifetime)))
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        request.headers.add(name: "TTL", value: String(message.timeToLive))
        request.headers.add(name: "Urgency", value: message.urgency.rawValue)
        request.body = .bytes(ByteBuffer(bytes: body))
        return request
    }

    public func send(_ message: PushMessage, to subscription: WebPushSubscription) async -> PushOutcome {
        do {
            let response = try await client.execute(try request(message, to: subscription), timeout: timeout)
            // The push service's answer body is not ours to keep; drain it so the connection is reused.
            _ = try? await response.body.collect(upTo: 64 * 1_024)
            switch response.status.code {
            case 200..<300: return .delivered
            case 404, 410: return .gone
            default: return .failed("HTTP \(response.status.code)")
            }
        } catch {
            return .failed("\(type(of: error))")
        }
    }
}
