import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing

/// A test client that keeps cookies like a browser and fills in the form token from the last page.
final class Browser: Sendable {
    let client: any TestClientProtocol
    private let cookies = Mutex<[String: String]>([:])
    private let formToken = Mutex<String?>(nil)

    init(client: any TestClientProtocol) {
        self.client = client
    }

    /// A browser that shares nothing with this one, on the same app.
    func fresh() -> Browser { Browser(client: client) }

    var cookieNames: Set<String> { Set(cookies.withLock { $0.keys }) }

    func cookie(_ name: String) -> String? { cookies.withLock { $0[name] } }

    /// The form token of the last page, for a page script's own JSON calls (`X-CSRF-Token`).
    var pageToken: String { formToken.withLock { $0 } ?? "" }

    func setCookie(_ name: String, _ value: String?) {
        cookies.withLock { $0[name] = value }
    }

    @discardableResult
    func get(_ path: String, headers: HTTPFields = [:]) async throws -> Reply {
        try await send(path, method: .get, headers: headers, body: nil)
    }

    /// Posts a form; `_csrf` is the token from the last page unless the fields set it.
    @discardableResult
    func post(
        _ path: String, form fields: [(String, String)], withToken: Bool = true, headers: HTTPFields = [:]
    ) async throws -> Reply {
        var fields = fields
        if withToken, !fields.contains(where: { $0.0 == "_csrf" }), let token = formToken.withLock({ $0 }) {
            fields.append(("_csrf", token))
        }
        let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        var headers = headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        return try await send(path, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// A file in a multipart form.
    struct FormFile {
        let field: String
        let name: String
        let type: String
        let bytes: [UInt8]
    }

    /// Posts a multipart form, as a browser does for a form with a file; `_csrf` as for ``post(_:form:withToken:headers:)``.
    @discardableResult
    func post(_ path: String, multipart fields: [(String, String)], files: [FormFile], bearer: String? = nil) async throws
        -> Reply
    {
        let boundary = "ThriveF0rmB0undary"
        var fields = fields
        if bearer == nil, !fields.contains(where: { $0.0 == "_csrf" }), let token = formToken.withLock({ $0 }) {
            fields.append(("_csrf", token))
        }
        var body = ByteBuffer()
        for (name, value) in fields {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        for file in files {
            body.writeString(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.name)\"\r\n"
                    + "Content-Type: \(file.type)\r\n\r\n")
            body.writeBytes(file.bytes)
            body.writeString("\r\n")
        }
        body.writeString("--\(boundary)--\r\n")
        var headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(boundary)"]
        if let bearer { headers[.authorization] = "Bearer \(bearer)" }
        return try await send(path, method: .post, headers: headers, body: body)
    }

    /// Sends JSON text as it is, so tests can send malformed bodies too.
    @discardableResult
    func json(
        _ method: HTTPRequest.Method, _ path: String, _ body: String? = nil, bearer: String? = nil, headers: HTTPFields = [:]
    ) async throws -> Reply {
        var headers = headers
        if body != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        if let bearer { headers[.authorization] = "Bearer \(bearer)" }
        return try await send(path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    func send(_ path: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> Reply {
        var headers = headers
        let jar = cookies.withLock { $0 }
        if !jar.isEmpty {
            headers[.cookie] = jar.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        let response = try await client.execute(uri: path, method: method, headers: headers, body: body)
        let reply = Reply(response)
        for line in response.headers[values: .setCookie] {
            let pair = line.split(separator: ";", maxSplits: 1)[0].split(separator: "=", maxSplits: 1)
            let name = String(pair[0])
            let value = pair.count > 1 ? String(pair[1]) : ""
            let expired = line.lowercased().contains("max-age=0")
            cookies.withLock { $0[name] = expired || value.isEmpty ? nil : value }
        }
        if let token = reply.formToken { formToken.withLock { $0 = token } }
        return reply
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return text.addingPercentEncoding(withAllowedCharacters: allowed)!.replacingOccurrences(of: "%20", with: "+")
    }
}

/// One response, with helpers for what tests look at.
struct Reply: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let text: String
    /// The body as sent, for binary answers (PNG).
    let bytes: [UInt8]

    init(_ response: TestResponse) {
        status = response.status
        headers = response.headers
        text = String(buffer: response.body)
        bytes = Array(response.body.readableBytesView)
    }

    var location: String? { headers[.location] }

    /// The hidden `_csrf` field of the page's first form.
    var formToken: String? {
        guard let range = text.range(of: #"name="_csrf" value=""#) else { return nil }
        let rest = text[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(T.self, from: Data(text.utf8))
    }

    /// The API's error envelope.
    var error: (code: String, message: String, field: String?)? {
        struct Envelope: Decodable {
            struct Body: Decodable {
                let code: String
                let message: String
                let field: String?
            }
            let error: Body
        }
        guard let envelope = try? decode(Envelope.self) else { return nil }
        return (envelope.error.code, envelope.error.message, envelope.error.field)
    }
}
