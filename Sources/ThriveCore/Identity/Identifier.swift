import Foundation

/// A typed identifier: `Identifier<Account>` and `Identifier<Workout>` are different types,
/// so an ID of one kind can never be passed where another is expected.
public struct Identifier<Entity>: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: UUID

    public init(_ rawValue: UUID) {
        self.rawValue = rawValue
    }

    /// Parses the canonical text form; `nil` when the text is not a UUID.
    public init?(_ text: String) {
        guard let uuid = UUID(uuidString: text) else { return nil }
        self.rawValue = uuid
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(UUID.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Lower-case canonical text, the form used in URLs and JSON.
    public var description: String { rawValue.uuidString.lowercased() }
}

public typealias UserID = Identifier<Account>
public typealias SampleID = Identifier<QuantitySample>
public typealias CategorySampleID = Identifier<CategorySample>
public typealias WorkoutID = Identifier<Workout>
public typealias FoodLogEntryID = Identifier<FoodLogEntry>
public typealias MoodCheckInID = Identifier<MoodCheckIn>
public typealias JournalEntryID = Identifier<JournalEntry>
