import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ThriveCore

/// Sends one notification to one device through Apple's push service (HTTP/2, token-based
/// authentication): the bearer token is an ES256 JWT of the team, reused for 40 minutes (Apple
/// refuses one refreshed more often than every 20 and one older than 60). Critical alerts go with
/// priority 10 and the `time-sensitive` interruption level.
public struct APNsSender: Sendable {
    public let configuration: APNsConfiguration
    let client: HTTPClient
    let now: Now
    let timeout: TimeAmount
    private let tokens = TokenCache()
    static let tokenLifetime: TimeInterval = 40 * 60

    public init(configuration: APNsConfiguration, client: HTTPClient, now: Now = .system, timeout: TimeAmount = .seconds(15)) {
        self.configuration = configuration
        self.client = client
        self.now = now
        self.timeout = timeout
    }

    /// The request for one push, separate from sending so tests can read it.
    public func request(_ message: PushMessage, deviceToken: String) async throws -> HTTPClientRequest {
        var request = HTTPClientRequest(url: "\(configuration.baseURL)/3/device/\(deviceToken)")
        request.method = .POST
        request.headers.add(name: "authorization", value: "bearer \(try await token())")
        request.headers.add(name: "apns-topic", value: configuration.topic)
        request.headers.add(name: "apns-push-type", value: "alert")
        request.headers.add(name: "apns-priority", value: message.urgency == .high ? "10" : "5")
        request.headers.add(
            name: "apns-expiration", value: String(Int(now().timeIntervalSince1970) + message.timeToLive))
        request.headers.add(name: "apns-collapse-id", value: String(message.tag.prefix(64)))
        request.headers.add(name: "content-type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: try Self.payload(message)))
        return request
    }

    public func send(_ message: PushMessage, deviceToken: String) async -> PushOutcome {
        do {
            let response = try await client.execute(try await request(message, deviceToken: deviceToken), timeout: timeout)
            let body = try await response.body.collect(upTo: 16 * 1_024)
            let reason = (try? JSONDecoder().decode(Failure.self, from: Data(body.readableBytesView)))?.reason ?? ""
            switch (response.status.code, reason) {
            case (200, _): return .delivered
            case (410, _), (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"): return .gone
            default: return .failed("HTTP \(response.status.code) \(reason)".trimmingCharacters(in: .whitespaces))
            }
        } catch {
            return .failed("\(type(of: error))")
        }
    }

    /// The JSON an iOS app receives: the alert under `aps`, its screen under `url`.
    static func payload(_ message: PushMessage) throws -> Data {
        let level: String
        switch message.urgency {
        case .high: level = message.kind == "criticalAlert" ? "time-sensitive" : "active"
        case .normal: level = "active"
        case .low, .veryLow: level = "passive"
        }
        let body = Payload(
            aps: .init(
                alert: .init(title: message.title, body: message.body), sound: level == "passive" ? nil : "default",
                threadID: message.kind, interruptionLevel: level,
                category: message.actions.isEmpty ? nil : message.actions.map(\.action).joined(separator: "+")),
            url: message.url, snooze: message.snooze)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(body)
    }

    private func token() async throws -> String {
        let time = now()
        if let cached = await tokens.token(at: time) { return cached }
        let claims = Claims(iss: configuration.teamID, iat: Int(time.timeIntervalSince1970))
        let token = try ES256Token.sign(
            header: ["alg": "ES256", "kid": configuration.keyID], claims: claims, key: configuration.key)
        await tokens.keep(token, until: time + Self.tokenLifetime)
        return token
    }

    struct Claims: Codable {
        let iss: String
        let iat: Int
    }

    struct Failure: Decodable {
        let reason: String
    }

    struct Payload: Encodable {
        struct APS: Encodable {
            struct Alert: Encodable {
                let title: String
                let body: String
            }
            let alert: Alert
            let sound: String?
            let threadID: String
            let interruptionLevel: String
            /// The app registers a notification category per set of buttons ("logNow+snooze").
            let category: String?

            enum CodingKeys: String, CodingKey {
                case alert, sound, category
                case threadID = "thread-id"
                case interruptionLevel = "interruption-level"
            }
        }
        let aps: APS
        let url: String
        let snooze: String?
    }
}

private actor TokenCache {
    private var token: String?
    private var until = Date.distantPast

    func token(at time: Date) -> String? { time < until ? token : nil }

    func keep(_ token: String, until: Date) {
        self.token = token
        self.until = until
    }
}
