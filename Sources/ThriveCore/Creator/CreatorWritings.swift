import Foundation

/// What a creator wrote for the people in their space (programs, or library pieces), kept as the
/// Markdown they typed (the same format as Thrive's own files), so what they wrote is what they
/// edit again.
public struct CreatorWritings<Entity>: Hashable, Sendable, Codable {
    public struct Source: Hashable, Sendable, Codable {
        public let id: Slug<Entity>
        public var text: String

        public init(id: Slug<Entity>, text: String) {
            self.id = id
            self.text = text
        }
    }

    /// Enough for a season of programs or pieces, and a bound on what every member's library reads.
    public static var maximumCount: Int { 30 }
    /// A 90-day program with a paragraph a day fits several times over.
    public static var maximumLength: Int { 60_000 }

    public var sources: [Source]

    public init(_ sources: [Source]) { self.sources = sources }
    public init() { sources = [] }

    public func source(_ id: Slug<Entity>) -> Source? { sources.first { $0.id == id } }

    /// An address for a new one from its title, clear of `taken` (Thrive's own) and of this
    /// creator's: "morning-energy", else "morning-energy-2", and so on.
    public func newID(title: String, taken: Set<Slug<Entity>>) -> Slug<Entity> {
        let base = Slug<Entity>(deriving: title)?.rawValue ?? "untitled"
        let used = taken.union(sources.map(\.id))
        var number = 1
        while true {
            let candidate = Slug<Entity>(number == 1 ? base : "\(base)-\(number)")!
            if !used.contains(candidate) { return candidate }
            number += 1
        }
    }
}
