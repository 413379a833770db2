import Foundation
import SQLKit
import ThriveCore

/// One person's journal.
public protocol JournalRepository: RecordBatches where Record == JournalEntry {
    var owner: UserID { get }
    func store(_ entries: [JournalEntry]) async throws
    func entries(in window: DateWindow, limit: Int?) async throws -> [JournalEntry]
    func entry(id: JournalEntryID) async throws -> JournalEntry?
    /// The newest entries whose text contains `text`, for search.
    func search(text: String, limit: Int) async throws -> [JournalEntry]
    func delete(id: JournalEntryID) async throws -> Bool
}

extension JournalEntry: RecordMapping {
    static let table = "journal_entries"
    static let timeColumn = "written_at"
    static let columns = ["written_at", "text"]
    var rowID: UUID { id.rawValue }
    var changeKind: ChangeKind? { .journalEntry }
    var batchType: String { "journalEntry" }
    var loggedAt: Date { writtenAt }
    var columnValues: [ColumnValue] { [.date(writtenAt), .text(text)] }

    static func decode(_ row: any SQLRow, id: UUID, source: SampleSource, sync: SyncStamp?) throws -> JournalEntry? {
        JournalEntry(
            id: JournalEntryID(id), writtenAt: try row.date("written_at"), text: try row.string("text"), source: source,
            sync: sync)
    }
}

struct SQLJournalRepository: JournalRepository, RecordTableBacked {
    let records: RecordTable<JournalEntry>
    var owner: UserID { records.owner }

    func store(_ entries: [JournalEntry]) async throws { try await records.store(entries) }

    func entries(in window: DateWindow, limit: Int?) async throws -> [JournalEntry] {
        try await records.list(in: window, limit: limit)
    }

    func entry(id: JournalEntryID) async throws -> JournalEntry? { try await records.find(id: id.rawValue) }

    func search(text: String, limit: Int) async throws -> [JournalEntry] {
        try await records.search("text", containing: text, limit: limit)
    }

    func delete(id: JournalEntryID) async throws -> Bool { try await records.delete(id: id.rawValue) }
}
