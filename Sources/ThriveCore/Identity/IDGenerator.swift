import Foundation

/// Makes new identifiers. Injected so that tests and the demo generator get exact, repeatable IDs.
public struct IDGenerator: Sendable {
    private let next: @Sendable () -> UUID

    public init(_ next: @escaping @Sendable () -> UUID) {
        self.next = next
    }

    /// Random version-4 UUIDs, for production.
    public static let random = IDGenerator { UUID() }

    public func make<Entity>(_: Entity.Type = Entity.self) -> Identifier<Entity> {
        Identifier(next())
    }

    public func uuid() -> UUID { next() }
}

extension IDGenerator {
    /// Deterministic UUIDs drawn from a seeded generator: the same seed gives the same IDs.
    public static func seeded(_ seed: UInt64) -> IDGenerator {
        let state = SeededStream(seed: seed)
        return IDGenerator { state.nextUUID() }
    }
}

/// A lock-protected seeded stream, so a deterministic generator can be shared across tasks.
final class SeededStream: @unchecked Sendable {
    private var random: SeededRandom
    private let lock = NSLock()

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    func nextUUID() -> UUID {
        lock.lock()
        defer { lock.unlock() }
        return random.nextUUID()
    }
}
