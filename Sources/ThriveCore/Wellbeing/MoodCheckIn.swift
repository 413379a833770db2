import Foundation

/// How the person felt at a moment: mood, energy and stress on 1–5 scales, with an optional note.
public struct MoodCheckIn: Hashable, Sendable, Codable, Identifiable {
    public static let scale = 1...5

    public let id: MoodCheckInID
    public let recordedAt: Date
    public let mood: Int
    public let energy: Int?
    public let stress: Int?
    /// Free text the person wrote: private, never logged.
    public let note: String?
    public let source: SampleSource
    public let sync: SyncStamp?

    public init(
        id: MoodCheckInID, recordedAt: Date, mood: Int, energy: Int? = nil, stress: Int? = nil,
        note: String? = nil, source: SampleSource, sync: SyncStamp? = nil
    ) {
        self.id = id
        self.recordedAt = recordedAt
        self.mood = mood
        self.energy = energy
        self.stress = stress
        self.note = note
        self.source = source
        self.sync = sync
    }

    public func validated() throws(ValidationError) -> MoodCheckIn {
        for (field, value) in [("mood", Optional(mood)), ("energy", energy), ("stress", stress)] {
            if let value, !Self.scale.contains(value) {
                throw ValidationError.wholeNumber(field, field == "energy" ? "energyLevel" : field, 1, 5)
            }
        }
        if let note, note.count > 2_000 {
            throw ValidationError.tooLong("note", "note", atMost: 2_000)
        }
        try SampleChecks.notBeforeEarliest(recordedAt, field: "recordedAt")
        try SampleChecks.source(source)
        try SampleChecks.sync(sync)
        return self
    }
}
