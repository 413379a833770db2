import Foundation
import SQLKit
import ThriveCore

/// One person's mood, energy and stress check-ins.
public protocol MoodCheckInRepository: RecordBatches where Record == MoodCheckIn {
    var owner: UserID { get }
    func store(_ checkIns: [MoodCheckIn]) async throws
    func checkIns(in window: DateWindow, limit: Int?) async throws -> [MoodCheckIn]
    func checkIn(id: MoodCheckInID) async throws -> MoodCheckIn?
    /// The newest check-ins whose note contains `text`, for search.
    func search(note text: String, limit: Int) async throws -> [MoodCheckIn]
    func delete(id: MoodCheckInID) async throws -> Bool
    func span() async throws -> RecordSpan
}

extension MoodCheckIn: RecordMapping {
    static let table = "mood_check_ins"
    static let timeColumn = "recorded_at"
    static let columns = ["recorded_at", "mood", "energy", "stress", "note"]
    var rowID: UUID { id.rawValue }
    var changeKind: ChangeKind? { .moodCheckIn }
    var batchType: String { "moodCheckIn" }
    var loggedAt: Date { recordedAt }
    var columnValues: [ColumnValue] {
        [.date(recordedAt), .integer(mood), ColumnValue(energy), ColumnValue(stress), ColumnValue(note)]
    }

    static func decode(_ row: any SQLRow, id: UUID, source: SampleSource, sync: SyncStamp?) throws -> MoodCheckIn? {
        MoodCheckIn(
            id: MoodCheckInID(id), recordedAt: try row.date("recorded_at"), mood: try row.int("mood"),
            energy: try row.optionalInt("energy"), stress: try row.optionalInt("stress"),
            note: try row.optionalString("note"), source: source, sync: sync)
    }
}

struct SQLMoodCheckInRepository: MoodCheckInRepository, RecordTableBacked {
    let records: RecordTable<MoodCheckIn>
    var owner: UserID { records.owner }

    func store(_ checkIns: [MoodCheckIn]) async throws { try await records.store(checkIns) }

    func checkIns(in window: DateWindow, limit: Int?) async throws -> [MoodCheckIn] {
        try await records.list(in: window, limit: limit)
    }

    func checkIn(id: MoodCheckInID) async throws -> MoodCheckIn? { try await records.find(id: id.rawValue) }
    func search(note text: String, limit: Int) async throws -> [MoodCheckIn] {
        try await records.search("note", containing: text, limit: limit)
    }
    func delete(id: MoodCheckInID) async throws -> Bool { try await records.delete(id: id.rawValue) }
    func span() async throws -> RecordSpan { try await records.span() }
}
