import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One request to a provider, as its API documents it.
public struct ProviderRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [(String, String)]
    public var body: Data?

    public init(method: String = "GET", url: URL, headers: [(String, String)] = [], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// A form POST (`application/x-www-form-urlencoded`), as every token endpoint takes.
    public static func form(_ url: URL, _ fields: [(String, String)], headers: [(String, String)] = []) -> ProviderRequest {
        let body = FormEncoding.query(fields)
        return ProviderRequest(
            method: "POST", url: url, headers: headers + [("Content-Type", "application/x-www-form-urlencoded")],
            body: Data(body.utf8))
    }
}

public struct ProviderResponse: Sendable {
    public let status: Int
    public let headers: [(String, String)]
    public let body: Data

    public init(status: Int, headers: [(String, String)] = [], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
    }
}

/// How Thrive reaches providers: over HTTPS in production, to a local stub in tests (the same code
/// path: only the endpoints differ).
public protocol ProviderTransport: Sendable {
    func send(_ request: ProviderRequest) async throws -> ProviderResponse
}

/// AsyncHTTPClient, with a timeout per request and a cap on what a provider may send back.
public struct HTTPProviderTransport: ProviderTransport {
    let client: HTTPClient
    let timeout: TimeAmount
    /// A month of one-second heart rate is ~40 MB of JSON; no single answer needs more.
    static let largestBody = 64 * 1_048_576

    public init(client: HTTPClient = .shared, timeoutSeconds: Int64 = 30) {
        self.client = client
        self.timeout = .seconds(timeoutSeconds)
    }

    public func send(_ request: ProviderRequest) async throws -> ProviderResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(outgoing, timeout: timeout)
        let body = try await response.body.collect(upTo: Self.largestBody)
        return ProviderResponse(
            status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
            body: Data(body.readableBytesView))
    }
}

/// `application/x-www-form-urlencoded` as RFC 3986's unreserved set: everything else escaped.
public enum FormEncoding {
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    public static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// `name=value&…`, each side escaped: a form body or a URL's query.
    public static func query(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }
}
