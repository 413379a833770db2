import Foundation

/// Two-step sign-in with a code from an authenticator app (TOTP, RFC 6238: six digits, 30-second
/// steps, HMAC-SHA1 as every authenticator app reads an `otpauth://` address), or with one of ten
/// single-use recovery codes for the day the phone is lost.
public enum TwoFactor {
    public static let step: TimeInterval = 30
    /// Steps either side of now that still count: a phone's clock a little off, a code typed as it
    /// changed (RFC 6238 §5.2 allows one).
    public static let window = 1
    public static let recoveryCodeCount = 10

    /// The time step `date` falls in.
    public static func step(at date: Date) -> Int64 { Int64((date.timeIntervalSince1970 / step).rounded(.down)) }

    /// The step whose code `typed` is, within the window around `now`, and later than
    /// `lastUsedStep` (a code used once is refused the second time, RFC 6238 §5.2); nil when none.
    /// `code` computes a step's six digits.
    public static func matchingStep(_ typed: String, now: Date, lastUsedStep: Int64?, code: (Int64) -> Int) -> Int64? {
        let digits = typed.filter { !$0.isWhitespace }
        guard digits.count == 6, digits.allSatisfy(\.isASCIIDigit), let value = Int(digits) else { return nil }
        let current = step(at: now)
        for candidate in (current - Int64(window))...(current + Int64(window))
        where candidate > (lastUsedStep ?? .min) && code(candidate) == value {
            return candidate
        }
        return nil
    }

    /// The letters of a secret or a recovery code: RFC 4648's base32 alphabet, which leaves out the
    /// digits 0, 1 and 8, so an o, an l or a b copied from paper cannot be taken for one.
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")

    /// A new secret: 32 characters of the alphabet (160 bits, RFC 4226 §4's recommended length).
    public static func newSecret<R: RandomNumberGenerator>(using random: inout R) -> String {
        String((0..<32).map { _ in alphabet.randomElement(using: &random)! }).uppercased()
    }

    /// Ten recovery codes, "abcd-efgh-jkmn-pqrs": 16 characters each (80 bits), so that their
    /// SHA-256 hashes cannot be reversed by trying them all.
    public static func newRecoveryCodes<R: RandomNumberGenerator>(using random: inout R) -> [String] {
        (0..<recoveryCodeCount).map { _ in
            let letters = (0..<16).map { _ in alphabet.randomElement(using: &random)! }
            return stride(from: 0, to: 16, by: 4).map { String(letters[$0..<$0 + 4]) }.joined(separator: "-")
        }
    }

    /// A recovery code as typed ("ABCD EFGH-jkmn pqrs") in the form it was made in; nil when it
    /// cannot be one.
    public static func normalisedRecoveryCode(_ typed: String) -> String? {
        let letters = typed.lowercased().filter { alphabet.contains($0) }
        guard letters.count == 16, typed.filter({ !$0.isWhitespace && $0 != "-" }).count == 16 else { return nil }
        let array = Array(letters)
        return stride(from: 0, to: 16, by: 4).map { String(array[$0..<$0 + 4]) }.joined(separator: "-")
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
