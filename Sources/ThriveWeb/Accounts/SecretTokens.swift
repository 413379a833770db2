import Crypto
import Foundation

/// Random secrets for cookies and bearer tokens, and the one-way hashes the database stores instead.
enum SecretTokens {
    /// 256 bits from the system's cryptographic generator, base64url without padding.
    static func make(prefix: String = "") -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return prefix + Data(bytes).base64URLEncoded
    }

    /// SHA-256 in hex. Tokens are random and long, so a fast hash suffices (no salt or stretching needed).
    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Compares in time independent of where the strings differ, so a guess cannot be refined byte by byte.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }

    /// Whether `text` has the shape of a token from ``make(prefix:)`` (cheap check before any lookup).
    static func looksValid(_ text: String, prefix: String = "") -> Bool {
        guard text.hasPrefix(prefix) else { return false }
        let body = text.dropFirst(prefix.count)
        return body.count == 43 && body.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}
