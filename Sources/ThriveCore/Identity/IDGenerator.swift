import Foundation

/// Makes new identifiers. Injected so that tests and the demo generator get exact, repeatable IDs.
public struct IDGenerator: Sendable {
    private let next: @Sendable () -> UUID

    public init(_ next: @escaping @Sendable () -> UUID) {
        self.next = next
    }

    /// Version-7 UUIDs (RFC 9562): 48 bits of Unix milliseconds, then random bits. New records get
    /// increasing keys, so the database appends to its indexes instead of writing all over them.
    public static let random = IDGenerator { UUID.version7(at: Date()) }

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

extension UUID {
    /// A version-7 UUID for `date`: the time in the first 48 bits, 74 random bits after the
    /// version and variant.
    public static func version7(at date: Date) -> UUID {
        var generator = SystemRandomNumberGenerator()
        return version7(at: date, using: &generator)
    }

    static func version7(at date: Date, using generator: inout some RandomNumberGenerator) -> UUID {
        let milliseconds = UInt64(max(0, date.timeIntervalSince1970 * 1_000))
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> (8 * UInt64(5 - index))) }
        let low = generator.next()
        let high = generator.next()
        for index in 6..<16 {
            let word = index < 14 ? low : high
            bytes[index] = UInt8(truncatingIfNeeded: word >> (8 * UInt64(index % 8)))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x70
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(bytes: bytes)
    }
}
