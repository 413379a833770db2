import Crypto
import Foundation
import ThriveCore

/// A compact JWS signed with ES256 (RFC 7515, RFC 7518 §3.4): what VAPID and APNs token
/// authentication both send. The signature is the raw 64-byte r‖s, not DER.
enum ES256Token {
    static func sign(header: [String: String], claims: some Encodable, key: P256.Signing.PrivateKey) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let signingInput = (try encoder.encode(header)).base64URLEncoded + "." + (try encoder.encode(claims)).base64URLEncoded
        let signature = try key.signature(for: Data(signingInput.utf8)).rawRepresentation
        return signingInput + "." + signature.base64URLEncoded
    }
}
