import Crypto
import Foundation
import ThriveCore

/// Proof Key for Code Exchange (RFC 7636) with S256: the app keeps a random verifier and sends
/// only its hash; the code the provider returns is worth nothing without the verifier.
public enum PKCE {
    /// base64url(SHA-256(verifier)), no padding (RFC 7636 §4.2).
    public static func challenge(for verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncoded
    }

    /// RFC 7636 §4.1: 43 to 128 characters from the unreserved set.
    public static func isVerifier(_ text: String) -> Bool {
        (43...128).contains(text.utf8.count) && text.utf8.allSatisfy(isUnreserved)
    }

    /// A challenge is a base64url SHA-256: exactly 43 characters.
    public static func isChallenge(_ text: String) -> Bool {
        text.utf8.count == 43 && text.utf8.allSatisfy(isUnreserved)
    }

    /// Whether `verifier` is the one `challenge` was made from, compared in constant time.
    public static func verify(_ verifier: String, against challenge: String) -> Bool {
        guard isVerifier(verifier) else { return false }
        let made: [UInt8] = Array(Self.challenge(for: verifier).utf8)
        let given: [UInt8] = Array(challenge.utf8)
        guard made.count == given.count else { return false }
        var difference: UInt8 = 0
        for index in made.indices { difference |= made[index] ^ given[index] }
        return difference == 0
    }

    /// 32 random bytes, base64url: 43 characters.
    public static func newVerifier() -> String {
        Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64URLEncoded
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D
            || byte == 0x2E || byte == 0x5F || byte == 0x7E
    }
}
