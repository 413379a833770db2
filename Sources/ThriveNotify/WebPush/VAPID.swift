import Crypto
import Foundation
import ThriveCore

/// RFC 8292 voluntary application server identification: the server's P-256 key signs a short JWT
/// for each push service origin, and the push service only accepts pushes to subscriptions made with
/// the matching public key (the `applicationServerKey` the page subscribes with).
public struct VAPIDKey: Sendable {
    public let privateKey: P256.Signing.PrivateKey

    public init(privateKey: P256.Signing.PrivateKey = .init()) {
        self.privateKey = privateKey
    }

    /// From the 32-byte private scalar, base64url (how it is kept in the database).
    public init?(stored: String) {
        guard let raw = Data(base64URLEncoded: stored), let key = try? P256.Signing.PrivateKey(rawRepresentation: raw)
        else { return nil }
        privateKey = key
    }

    public var stored: String { privateKey.rawRepresentation.base64URLEncoded }

    /// The uncompressed public point, base64url: the page's `applicationServerKey` and the `k=`
    /// of every push.
    public var publicKey: String { privateKey.publicKey.x963Representation.base64URLEncoded }

    /// The `Authorization` header for a push to `endpoint`: `vapid t=<JWT>, k=<public key>`. The
    /// token names the endpoint's origin, expires at `expiresAt` (RFC 8292: at most 24 hours
    /// ahead) and gives `subject` (a mailto: or https: contact for the push service's operator).
    public func authorization(for endpoint: URL, subject: String, expiresAt: Date) throws -> String {
        let claims = VAPIDClaims(aud: Self.origin(of: endpoint), exp: Int(expiresAt.timeIntervalSince1970), sub: subject)
        let token = try ES256Token.sign(header: ["typ": "JWT", "alg": "ES256"], claims: claims, key: privateKey)
        return "vapid t=\(token), k=\(publicKey)"
    }

    /// `scheme://host[:port]`, the JWT's audience.
    static func origin(of url: URL) -> String {
        let host = url.host ?? ""
        let port = url.port.map { ":\($0)" } ?? ""
        return "\(url.scheme ?? "https")://\(host)\(port)"
    }
}

/// The three claims RFC 8292 §2 asks for.
public struct VAPIDClaims: Codable, Hashable, Sendable {
    public let aud: String
    public let exp: Int
    public let sub: String
}

/// What a push service checks before it accepts a push (RFC 8292 §2–3): the header's form, the
/// signature under the `k=` key, the audience and the expiry. Thrive's tests use it in their stub
/// push service.
public enum VAPIDVerification {
    public enum Failure: Error, Equatable {
        case malformed, badSignature, wrongAudience, expired, tooFarAhead
    }

    /// Returns the claims and the public key when the header is good for `audience` at `now`.
    public static func verify(_ header: String, audience: String, now: Date) throws -> (VAPIDClaims, publicKey: String) {
        guard header.hasPrefix("vapid "), let token = parameter("t", in: header), let key = parameter("k", in: header),
            let keyBytes = Data(base64URLEncoded: key), let publicKey = try? P256.Signing.PublicKey(x963Representation: keyBytes)
        else { throw Failure.malformed }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = Data(base64URLEncoded: parts[0]), let body = Data(base64URLEncoded: parts[1]),
            let signatureBytes = Data(base64URLEncoded: parts[2]),
            let jose = try? JSONSerialization.jsonObject(with: header) as? [String: String], jose["alg"] == "ES256",
            let claims = try? JSONDecoder().decode(VAPIDClaims.self, from: body)
        else { throw Failure.malformed }
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureBytes),
            publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8))
        else { throw Failure.badSignature }
        guard claims.aud == audience else { throw Failure.wrongAudience }
        let expiry = Date(timeIntervalSince1970: TimeInterval(claims.exp))
        guard expiry > now else { throw Failure.expired }
        guard expiry <= now.addingTimeInterval(86_400) else { throw Failure.tooFarAhead }
        return (claims, key)
    }

    private static func parameter(_ name: String, in header: String) -> String? {
        header.dropFirst("vapid ".count).split(separator: ",").lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("\(name)=") }
            .map { String($0.dropFirst(name.count + 1)) }
    }
}
