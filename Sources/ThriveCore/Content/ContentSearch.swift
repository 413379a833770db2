import Foundation

/// Full-text search over the library: every word of the query must begin a word of the piece (any
/// case, any accent), and a word in the title counts more than one in the summary, which counts
/// more than one in the text.
public struct ContentSearch: Sendable {
    private struct Indexed: Sendable {
        let entry: ContentEntry
        let title: Set<String>
        let summary: Set<String>
        let body: Set<String>
    }

    private let index: [Indexed]

    public init(_ entries: [ContentEntry]) {
        index = entries.map {
            Indexed(entry: $0, title: Self.words($0.title), summary: Self.words($0.summary), body: Self.words($0.body))
        }
    }

    public static func words(_ text: String) -> Set<String> {
        Set(
            text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                .split { !$0.isLetter && !$0.isNumber }.map(String.init))
    }

    /// Matches, best first (then newest).
    public func search(_ query: String) -> [ContentEntry] {
        let wanted = Self.words(query)
        guard !wanted.isEmpty else { return [] }
        func hits(_ words: Set<String>, _ word: String) -> Bool { words.contains { $0.hasPrefix(word) } }
        return index.compactMap { item -> (ContentEntry, Int)? in
            var score = 0
            for word in wanted {
                if hits(item.title, word) {
                    score += 5
                } else if hits(item.summary, word) {
                    score += 2
                } else if hits(item.body, word) {
                    score += 1
                } else {
                    return nil
                }
            }
            return (item.entry, score)
        }
        .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.added > $1.0.added }.map(\.0)
    }
}
