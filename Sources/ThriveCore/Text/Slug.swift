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
