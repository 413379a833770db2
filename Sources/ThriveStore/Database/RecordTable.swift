import Foundation
import SQLKit
import ThriveCore

/// How a health record kind maps onto its table: the columns beyond the shared
/// `id`, `owner_id` and provenance columns, and how to read a row back.
protocol RecordMapping: Sendable {
    static var table: String { get }
    /// The column that places a record in time.
    static var timeColumn: String { get }
    static var columns: [String] { get }
    var rowID: UUID { get }
    var source: SampleSource { get }
    var sync: SyncStamp? { get }
    /// The record's own kind in the change log; `nil` when it is logged as part of a batch.
    var changeKind: ChangeKind? { get }
    /// The name a batch gives the record's type ("HeartRate", "workout").
    var batchType: String { get }
    /// When the record happened (its ``timeColumn``).
    var loggedAt: Date { get }
    /// Values for ``columns``, in order.
    var columnValues: [ColumnValue] { get }
    /// `nil` for rows this build cannot represent (a type added by a newer version).
    static func decode(_ row: any SQLRow, id: UUID, source: SampleSource, sync: SyncStamp?) throws -> Self?
}

/// Storage shared by every record kind: batched idempotent upserts, windows, lookups and spans, all
/// confined to one owner's rows.
struct RecordTable<Record: RecordMapping>: Sendable {
    let session: DatabaseSession
    let owner: UserID
    var sql: any SQLDatabase { session.sql }

    var owned: OwnedTable {
        OwnedTable(sql: sql, table: Record.table, owner: owner, timeColumn: Record.timeColumn)
    }

    var changeLog: ChangeLogWriter { ChangeLogWriter(session: session, owner: owner) }

    /// Stores `records` and logs them (each entry on its own, the rest as one batch) in the caller's
    /// transaction.
    func store(_ records: [Record]) async throws {
        guard !records.isEmpty else { return }
        let records = session.kind == .postgres ? Self.newestPerSyncIdentifier(records) : records
        let changes = Self.changes(records, deleted: false)
        let first = try await changeLog.reserve(changes.count)
        let columns = ["id", "owner_id"] + Record.columns + Provenance.columns
        let owner = ColumnValue.uuid(owner.rawValue)
        try await BulkInsert.run(
            session, into: Record.table, columns: columns, rowCount: records.count, onConflict: .keepNewestSyncVersion
        ) { index, values in
            let record = records[index]
            values.append(.uuid(record.rowID))
            values.append(owner)
            values.append(contentsOf: record.columnValues)
            Provenance.append(record.source, record.sync, to: &values)
        }
        try await changeLog.log(changes, from: first)
    }

    /// The log entries for writing or deleting `records`: one per entry, one for all the rest.
    static func changes(_ records: [Record], deleted: Bool) -> [ChangeLogWriter.Pending] {
        var changes: [ChangeLogWriter.Pending] = []
        var types = Set<String>()
        var batched = 0
        var span: (from: Date, to: Date)?
        for record in records {
            if let kind = record.changeKind {
                changes.append(.init(kind: kind, recordID: record.rowID, deleted: deleted))
            } else {
                batched += 1
                types.insert(record.batchType)
                let time = record.loggedAt
                span = span.map { (min($0.from, time), max($0.to, time)) } ?? (time, time)
            }
        }
        if let span {
            let batch = SampleBatch(types: types.sorted(), count: batched, from: span.from, to: span.to)
            changes.append(.init(kind: .samples, deleted: deleted, detail: ChangeLogWriter.detail(batch)))
        }
        return changes
    }

    /// A batch holding one record twice (same sync identifier) keeps its newest version, the first
    /// of equals, as a later batch would. PostgreSQL refuses a statement that upserts a row twice;
    /// SQLite applies the upserts in order, to the same effect.
    static func newestPerSyncIdentifier(_ records: [Record]) -> [Record] {
        var chosen: [String: Int] = [:]
        for (index, record) in records.enumerated() {
            guard let sync = record.sync else { continue }
            if let previous = chosen[sync.identifier], records[previous].sync!.version >= sync.version { continue }
            chosen[sync.identifier] = index
        }
        guard chosen.count < records.lazy.filter({ $0.sync != nil }).count else { return records }
        return records.enumerated().filter { index, record in
            record.sync.map { chosen[$0.identifier] == index } ?? true
        }.map(\.element)
    }

    func list(in window: DateWindow, limit: Int?, where filter: (column: String, value: String)? = nil) async throws
        -> [Record]
    {
        var query = owned.select(in: window, limit: limit)
        if let filter { query = query.where(filter.column, .equal, filter.value) }
        return try await query.all().compactMap(decode)
    }

    func latest(where filter: (column: String, value: String)) async throws -> Record? {
        try await owned.select(in: .all, limit: 1, newestFirst: true).where(filter.column, .equal, filter.value).first()
            .flatMap(decode)
    }

    /// The newest records whose text `column` contains `text` (case-insensitive). LIKE's wildcards in
    /// the text are treated as spaces, so a search is always a plain substring match.
    func search(_ column: String, containing text: String, limit: Int) async throws -> [Record] {
        let plain = text.lowercased().map { "%_\\".contains($0) ? " " : String($0) }.joined()
            .trimmingCharacters(in: .whitespaces)
        guard !plain.isEmpty else { return [] }
        return try await owned.select(in: .all, limit: limit, newestFirst: true)
            .where(SQLFunction("lower", args: SQLColumn(column)), .like, SQLBind("%\(plain)%"))
            .all().compactMap(decode)
    }

    func find(id: UUID) async throws -> Record? {
        try await owned.first(id: id).flatMap(decode)
    }

    /// The person's records with these IDs, in one query. It asks by ID alone and checks the owner
    /// here: given both, SQLite walks the person's whole history by the owner index instead of
    /// looking the IDs up by the primary key (40 ms rather than 2 for a sync batch of 1,000).
    func find(ids: [UUID]) async throws -> [Record] {
        guard !ids.isEmpty else { return [] }
        let rows = try await sql.select().column("*").from(Record.table).where("id", .in, ids).all()
        return try rows.filter { try $0.decode(column: "owner_id", as: UUID.self) == owner.rawValue }.compactMap(decode)
    }

    /// Which of these IDs any row of the table holds, whoever owns it.
    func existing(ids: [UUID]) async throws -> Set<UUID> {
        guard !ids.isEmpty else { return [] }
        let rows = try await sql.select().column("id").from(Record.table).where("id", .in, ids).all()
        return Set(try rows.map { try $0.decode(column: "id", as: UUID.self) })
    }

    /// Replaces the person's records of these IDs by these versions: one log entry each, as an edit.
    func replace(_ records: [Record]) async throws {
        guard !records.isEmpty else { return }
        try await deleteUnlogged(ids: records.map(\.rowID))
        try await store(records)
    }

    /// Deletes the person's rows of these IDs without a tombstone: for a write that puts them back.
    func deleteUnlogged(ids: [UUID]) async throws {
        try await sql.delete(from: Record.table).where("owner_id", .equal, owner.rawValue).where("id", .in, ids).run()
    }

    /// Deletes a record and logs its tombstone. The number is reserved first, as for every write,
    /// and stays unused when there was nothing to delete.
    func delete(id: UUID) async throws -> Bool {
        let first = try await changeLog.reserve(1)
        guard let row = try await owned.deleteReturningRow(id: id) else { return false }
        if let record = try decode(row) {
            try await changeLog.log(Self.changes([record], deleted: true), from: first)
        }
        return true
    }

    /// Deletes the records that happened before `cutoff` (the person's retention), a batch at a time
    /// so that years of minute data never sit in memory at once, logging a tombstone for each.
    func delete(before cutoff: Date, batch: Int = 5_000) async throws -> Int {
        var deleted = 0
        while true {
            let rows = try await sql.select().column("*").from(Record.table).where("owner_id", .equal, owner.rawValue)
                .where(SQLIdentifier(Record.timeColumn), .lessThan, SQLBind(cutoff)).limit(batch).all()
            guard !rows.isEmpty else { return deleted }
            let ids = try rows.map { try $0.uuid("id") }
            let records = try rows.compactMap(decode)
            let first = try await changeLog.reserve(records.count)
            try await sql.delete(from: Record.table).where("owner_id", .equal, owner.rawValue).where("id", .in, ids).run()
            try await changeLog.log(Self.changes(records, deleted: true), from: first)
            deleted += rows.count
        }
    }

    /// Deletes every record that came from `source`, logging a tombstone for each: a connected
    /// device's data when the person disconnects it and chooses not to keep it.
    func delete(from source: SampleSource) async throws -> Int {
        let rows = try await sql.select().column("*").from(Record.table).where("owner_id", .equal, owner.rawValue)
            .where("source_name", .equal, source.name).where("source_kind", .equal, source.kind.rawValue).all()
        let records = try rows.compactMap(decode)
        guard !rows.isEmpty else { return 0 }
        let first = try await changeLog.reserve(records.count)
        try await sql.delete(from: Record.table).where("owner_id", .equal, owner.rawValue)
            .where("source_name", .equal, source.name).where("source_kind", .equal, source.kind.rawValue).run()
        try await changeLog.log(Self.changes(records, deleted: true), from: first)
        return rows.count
    }

    /// Spans per value of `column`, keyed by a type parsed from the value (unknown values skipped).
    func spans<Key: Hashable>(groupedBy column: String, as key: (String) -> Key?) async throws -> [Key: RecordSpan] {
        var result: [Key: RecordSpan] = [:]
        for (group, span) in try await owned.spans(groupedBy: column) {
            if let parsed = group.flatMap(key) { result[parsed] = span }
        }
        return result
    }

    func span() async throws -> RecordSpan {
        try await owned.spans(groupedBy: nil).first?.span ?? .empty
    }

    private func decode(_ row: any SQLRow) throws -> Record? {
        let (source, sync) = try Provenance.decode(row)
        return try Record.decode(row, id: try row.uuid("id"), source: source, sync: sync)
    }
}
