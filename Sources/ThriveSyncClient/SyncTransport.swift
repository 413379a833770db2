import Foundation
import ThriveSync

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Carries one sync request to the server and its answer back.
public protocol SyncTransport: Sendable {
    func send(_ request: SyncRequest) async throws -> SyncResponse
}

/// A failure to sync that says what went wrong: the server's own message when it sent one.
public struct SyncTransportError: Error, Sendable, CustomStringConvertible {
    public let status: Int?
    public let message: String

    public init(status: Int?, message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { status.map { "HTTP \($0): \(message)" } ?? message }
}

/// `POST /api/v1/mobile/sync` over HTTP with a bearer token.
public struct HTTPSyncTransport: SyncTransport {
    public let server: URL
    public let token: String
    private let session: URLSession

    public init(server: URL, token: String, timeout: TimeInterval = 60) {
        self.server = server
        self.token = token
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        session = URLSession(configuration: configuration)
    }

    public func send(_ request: SyncRequest) async throws -> SyncResponse {
        let data = try await Self.post(
            session, server.appendingPathComponent("api/v1/mobile/sync"), body: try SyncJSON.encoder.encode(request),
            token: token)
        return try SyncJSON.decoder.decode(SyncResponse.self, from: data)
    }

    /// Signs in with e-mail and password and returns an access token.
    public static func logIn(server: URL, email: String, password: String) async throws -> String {
        struct Credentials: Encodable {
            let email: String
            let password: String
        }
        struct Tokens: Decodable { let accessToken: String }
        let data = try await post(
            URLSession(configuration: .ephemeral), server.appendingPathComponent("api/v1/auth/login"),
            body: try JSONEncoder().encode(Credentials(email: email, password: password)), token: nil)
        return try JSONDecoder().decode(Tokens.self, from: data).accessToken
    }

    private static func post(_ session: URLSession, _ url: URL, body: Data, token: String?) async throws -> Data {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            struct Envelope: Decodable {
                struct Body: Decodable { let message: String }
                let error: Body
            }
            let message =
                (try? JSONDecoder().decode(Envelope.self, from: data))?.error.message ?? "The server refused the request."
            throw SyncTransportError(status: status, message: message)
        }
        return data
    }
}

/// The protocol's JSON conventions: ISO 8601 dates.
enum SyncJSON {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
