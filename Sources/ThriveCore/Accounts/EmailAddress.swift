import Foundation

/// An e-mail address in its normalised form (trimmed, lower-cased), so that "Ann@Example.com "
/// and "ann@example.com" are one account.
public struct EmailAddress: Hashable, Sendable, Codable, CustomStringConvertible {
    public let value: String

    /// Validates the practical shape of an address: one "@", a local part, a dotted domain,
    /// no spaces, at most 254 characters (RFC 5321's path limit).
    public init(_ text: String) throws(ValidationError) {
        let normalised = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !normalised.isEmpty else {
            throw ValidationError.because("email", "emailMissing")
        }
        guard normalised.count <= 254 else {
            throw ValidationError.because("email", "emailLong")
        }
        let parts = normalised.split(separator: "@", omittingEmptySubsequences: false)
        let invalid = ValidationError.because("email", "email")
        guard parts.count == 2 else { throw invalid }
        let local = parts[0]
        let domain = parts[1]
        guard !local.isEmpty, local.count <= 64,
            domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix("."), !domain.contains(".."),
            !normalised.contains(where: { $0.isWhitespace || $0.isNewline || $0 == "<" || $0 == ">" || $0 == "," })
        else { throw invalid }
        let labels = domain.split(separator: ".")
        guard labels.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }) else { throw invalid }
        value = normalised
    }

    /// For rows read back from the store, which were validated on the way in.
    public init(trusted value: String) {
        self.value = value
    }

    public var description: String { value }
}
