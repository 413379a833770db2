import Foundation

/// What a person typed into food search, reduced to words: letters and digits only, lowercased,
/// at most eight words. Every word must match, the last as a prefix (search as you type).
public struct FoodSearchQuery: Hashable, Sendable {
    public let words: [String]

    public init(_ text: String) throws {
        let words = text.lowercased()
            .split { !($0.isLetter || $0.isNumber) }
            .map { String($0.prefix(40)) }
        guard words.joined().count >= 2 else {
            throw ValidationError.because("q", "searchShort")
        }
        self.words = Array(words.prefix(8))
    }

    /// The words as one phrase, the last still being typed: what an everyday name starts with.
    public var phrase: String { words.joined(separator: " ") }

    /// An FTS5 match expression: each word quoted, each a prefix.
    public var fts5Expression: String {
        words.map { "\"\($0)\"*" }.joined(separator: " ")
    }

    /// A PostgreSQL `to_tsquery` text: each word a prefix, all required.
    public var tsqueryText: String {
        words.map { "\($0):*" }.joined(separator: " & ")
    }
}
