import Foundation

/// A name in addresses for content written as files ("sleep-reset"): lowercase letters, digits
/// and hyphens, so that it reads well in a link and stays the same when the title is reworded.
/// `Slug<Program>` and `Slug<ContentEntry>` are different types, like ``Identifier``.
public struct Slug<Entity>: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init?(_ rawValue: String) {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        guard !rawValue.isEmpty, rawValue.count <= 64, rawValue.allSatisfy(allowed.contains),
            rawValue.first != "-", rawValue.last != "-"
        else { return nil }
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let slug = Slug(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a slug"))
        }
        self = slug
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
    public static func < (lhs: Slug, rhs: Slug) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Slug {
    /// A slug made from a name a person typed: "Morning Energy, 10 days!" → "morning-energy-10-days";
    /// accents dropped, anything else a hyphen. Nil when nothing usable is left.
    public init?(deriving name: String, maximumLength: Int = 40) {
        let words = String(
            name.lowercased().folding(options: .diacriticInsensitive, locale: nil)
                .map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" }
        ).split(separator: "-")
        var slug = ""
        for word in words where slug.count + word.count + 1 <= maximumLength || slug.isEmpty {
            slug += (slug.isEmpty ? "" : "-") + word.prefix(maximumLength)
        }
        self.init(slug)
    }
}
