import Foundation
import ThriveCore

/// Phrases kept in a text column as JSON, so an alert is shown in the language of whoever reads it.
/// Rows written before alerts were phrases hold English sentences; they come back as text as it is.
enum StoredPhrases {
    static func text(_ phrases: [Phrase]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(phrases), as: UTF8.self)
    }

    static func phrases(_ text: String) -> [Phrase] {
        if text.hasPrefix("["), let phrases = try? JSONDecoder().decode([Phrase].self, from: Data(text.utf8)) {
            return phrases
        }
        return [Phrase.literal(text)]
    }
}
