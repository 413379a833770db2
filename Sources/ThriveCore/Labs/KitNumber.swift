import Foundation

/// A home test kit's number, as printed under its Code 128 barcode: `FU-KIT-2025110701-2`, ten
/// digits and a check character.
///
/// The check character is ISO 7064 MOD 11-2 over the ten digits (`0`–`9`, or `X` for ten), the
/// scheme ISO uses for identifiers typed by people: it catches every single wrong digit and every
/// swap of two neighbouring digits. The spec's example `FU-KIT-2025110701-X` only shows the shape:
/// the check character of 2025110701 is `2`. The checksum only catches typos; whether a kit exists
/// is decided by the lab's list of issued kits.
public struct KitNumber: Hashable, Sendable, Comparable, CustomStringConvertible {
    public static let prefix = "FU-KIT-"
    /// The ten digits.
    public let digits: String

    /// A kit number from its ten digits, with the check character computed.
    public init?(digits: String) {
        guard digits.utf8.count == 10, digits.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        self.digits = digits
    }

    /// Reads a scanned or typed number: spaces around it and letter case do not matter, and a
    /// missing `FU-KIT-` is not forgiven (a barcode of another product must not pass).
    public init?(_ text: String) {
        let cleaned = text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        guard cleaned.hasPrefix(Self.prefix) else { return nil }
        let rest = cleaned.dropFirst(Self.prefix.count)
        let parts = rest.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 1, let number = KitNumber(digits: String(parts[0])),
            number.check == parts[1].first
        else { return nil }
        self = number
    }

    /// ISO 7064 MOD 11-2 over the digits: `0`–`9`, or `X` for ten.
    public var check: Character { Self.check(of: digits) }

    public static func check(of digits: String) -> Character {
        var sum = 0
        for byte in digits.utf8 { sum = (sum + Int(byte - 48)) * 2 % 11 }
        let value = (12 - sum) % 11
        return value == 10 ? "X" : Character(String(value))
    }

    public var description: String { "\(Self.prefix)\(digits)-\(check)" }

    public static func < (lhs: KitNumber, rhs: KitNumber) -> Bool { lhs.digits < rhs.digits }
}
