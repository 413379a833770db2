import AsyncHTTPClient
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdHTTP2
import NIOSSL
import SwiftASN1
import ThriveCore
import X509

/// Apple's push service as a test sees it: HTTP/2 over TLS on 127.0.0.1 with a certificate made for
/// the test, checking the provider token (ES256, the team's key id and team id) as APNs does and
/// answering 403 to a bad one. Every push is kept with its headers and JSON; a device token can be
/// told to answer as gone (410 Unregistered) or broken (400 BadDeviceToken) or down (500).
public actor StubAPNs {
    public struct Delivery: Sendable {
        public let deviceToken: String
        public let headers: [String: String]
        public let payload: Data
        public let bearer: String
        public let http2: Bool

        public var json: [String: Any] { (try? JSONSerialization.jsonObject(with: payload) as? [String: Any]) ?? [:] }
        public var aps: [String: Any] { json["aps"] as? [String: Any] ?? [:] }
    }

    public private(set) var deliveries: [Delivery] = []
    public private(set) var refused: [String] = []
    private var answers: [String: (Int, String)] = [:]
    let teamKey: P256.Signing.PublicKey
    let keyID: String
    let teamID: String
    public nonisolated let port: Int
    /// A client that trusts this service's certificate, as a real one trusts Apple's.
    public nonisolated let client: HTTPClient
    /// The service's certificate, PEM, for a server told to trust it.
    public nonisolated let certificatePEM: String

    init(
        teamKey: P256.Signing.PublicKey, keyID: String, teamID: String, port: Int, client: HTTPClient, certificatePEM: String
    ) {
        self.certificatePEM = certificatePEM
        self.teamKey = teamKey
        self.keyID = keyID
        self.teamID = teamID
        self.port = port
        self.client = client
    }

    public nonisolated var baseURL: String { "https://localhost:\(port)" }

    public func answer(_ deviceToken: String, status: Int, reason: String) { answers[deviceToken] = (status, reason) }

    func receive(_ token: String, headers: HTTPFields, body: Data, http2: Bool) -> (Int, String?) {
        guard let authorization = headers[.authorization], authorization.hasPrefix("bearer ") else {
            refused.append("no token")
            return (403, "MissingProviderToken")
        }
        let jwt = String(authorization.dropFirst("bearer ".count))
        guard verify(jwt) else {
            refused.append("bad token")
            return (403, "InvalidProviderToken")
        }
        var kept: [String: String] = [:]
        for field in headers where field.name.canonicalName.hasPrefix("apns-") { kept[field.name.canonicalName] = field.value }
        if let (status, reason) = answers[token] { return (status, reason) }
        deliveries.append(Delivery(deviceToken: token, headers: kept, payload: body, bearer: jwt, http2: http2))
        return (200, nil)
    }

    private func verify(_ jwt: String) -> Bool {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = Data(base64URLEncoded: parts[0]), let claims = Data(base64URLEncoded: parts[1]),
            let signature = Data(base64URLEncoded: parts[2]),
            let jose = try? JSONSerialization.jsonObject(with: header) as? [String: String],
            let body = try? JSONSerialization.jsonObject(with: claims) as? [String: Any],
            jose["alg"] == "ES256", jose["kid"] == keyID, body["iss"] as? String == teamID, body["iat"] is Int,
            let raw = try? P256.Signing.ECDSASignature(rawRepresentation: signature)
        else { return false }
        return teamKey.isValidSignature(raw, for: Data("\(parts[0]).\(parts[1])".utf8))
    }

    /// Runs `body` with the service listening on 127.0.0.1 over HTTP/2 and TLS.
    public static func run<T: Sendable>(
        teamKey: P256.Signing.PublicKey, keyID: String, teamID: String, _ body: @Sendable (StubAPNs) async throws -> T
    ) async throws -> T {
        let (certificate, key, pem) = try Self.certificate()
        let box = Box()
        let router = Router(context: StreamContext.self)
        router.post("3/device/:token") { request, context -> Response in
            let token = context.parameters.get("token") ?? ""
            let bytes = try await request.body.collect(upTo: 8_192)
            guard let service = box.service else { return Response(status: .serviceUnavailable) }
            let (status, reason) = await service.receive(
                token, headers: request.headers, body: Data(buffer: bytes), http2: context.http2)
            let answer = reason.map { #"{"reason":"\#($0)"}"# } ?? ""
            return Response(
                status: .init(code: status), headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: answer)))
        }
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(certificate)], privateKey: .privateKey(key))
        tls.minimumTLSVersion = .tlsv12
        var clientTLS = TLSConfiguration.makeClientConfiguration()
        clientTLS.trustRoots = .certificates([certificate])
        var configuration = HTTPClient.Configuration(tlsConfiguration: clientTLS)
        configuration.httpVersion = .automatic
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let result = try await LocalServer.run(router: router, server: try .http2Upgrade(tlsConfiguration: tls)) {
                port in
                let service = StubAPNs(
                    teamKey: teamKey, keyID: keyID, teamID: teamID, port: port, client: client, certificatePEM: pem)
                box.service = service
                let result = try await body(service)
                // The client's HTTP/2 connection goes first, so the server stops without waiting on it.
                try await client.shutdown()
                return result
            }
            return result
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    /// A certificate for "localhost", made for this run.
    static func certificate() throws -> (NIOSSLCertificate, NIOSSLPrivateKey, String) {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName { CommonName("localhost") }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
            notValidBefore: Date().addingTimeInterval(-3_600), notValidAfter: Date().addingTimeInterval(86_400), issuer: name,
            subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([.dnsName("localhost")])
            }, issuerPrivateKey: .init(key))
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return (
            try NIOSSLCertificate(bytes: serializer.serializedBytes, format: .der),
            try NIOSSLPrivateKey(bytes: Array(key.derRepresentation), format: .der),
            try certificate.serializeAsPEM().pemString
        )
    }

    /// Knows whether a request came on an HTTP/2 stream (each has a channel of its own) or on a
    /// connection speaking HTTP/1.1.
    struct StreamContext: RequestContext {
        var coreContext: CoreRequestContextStorage
        let http2: Bool

        init(source: ApplicationRequestContextSource) {
            coreContext = .init(source: source)
            http2 = String(describing: type(of: source.channel)).contains("HTTP2")
        }
    }

    private final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: StubAPNs?
        var service: StubAPNs? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }
}
