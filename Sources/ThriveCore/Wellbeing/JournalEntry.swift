import Foundation

/// Free writing, private to the person: what happened, how it felt. Never logged.
public struct JournalEntry: Hashable, Sendable, Codable, Identifiable {
    public static let maximumLength = 10_000

    public let id: JournalEntryID
    public let writtenAt: Date
    public let text: String
    public let source: SampleSource
    public let sync: SyncStamp?

    public init(id: JournalEntryID, writtenAt: Date, text: String, source: SampleSource, sync: SyncStamp? = nil) {
        self.id = id
        self.writtenAt = writtenAt
        self.text = text
        self.source = source
        self.sync = sync
    }

    public func validated() throws(ValidationError) -> JournalEntry {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw ValidationError.because("text", "journalEmpty")
        }
        guard trimmed.count <= Self.maximumLength else {
            throw ValidationError.tooLong("text", "journalEntry", atMost: Self.maximumLength)
        }
        try SampleChecks.notBeforeEarliest(writtenAt, field: "writtenAt")
        try SampleChecks.source(source)
        try SampleChecks.sync(sync)
        return JournalEntry(id: id, writtenAt: writtenAt, text: trimmed, source: source, sync: sync)
    }
}
