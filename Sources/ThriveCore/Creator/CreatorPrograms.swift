import Foundation

/// The programs a creator wrote for the people in their space, kept as the Markdown they typed (the
/// same format as Thrive's own program files), so what they wrote is what they edit again.
public struct CreatorPrograms: Hashable, Sendable, Codable {
    public struct Source: Hashable, Sendable, Codable {
        public let id: ProgramID
        public var text: String

        public init(id: ProgramID, text: String) {
            self.id = id
            self.text = text
        }
    }

    /// Enough for a season of programs, and a bound on what every member's library reads.
    public static let maximumCount = 30
    /// A 90-day program with a paragraph a day fits several times over.
    public static let maximumLength = 60_000

    public var sources: [Source]

    public init(_ sources: [Source]) { self.sources = sources }
    public init() { sources = [] }

    public func source(_ id: ProgramID) -> Source? { sources.first { $0.id == id } }

    /// An address for a new program from its title, clear of `taken` (Thrive's own programs and
    /// this creator's): "morning-energy", else "morning-energy-2", and so on.
    public func newID(title: String, taken: Set<ProgramID>) -> ProgramID {
        let base = ProgramID(deriving: title)?.rawValue ?? "program"
        let used = taken.union(sources.map(\.id))
        var number = 1
        while true {
            let candidate = ProgramID(number == 1 ? base : "\(base)-\(number)")!
            if !used.contains(candidate) { return candidate }
            number += 1
        }
    }
}
