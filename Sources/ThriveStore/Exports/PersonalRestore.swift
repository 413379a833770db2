import Foundation
import SQLKit
import ThriveCore

/// A person's export written back into an account on this server: the mirror of
/// ``PersonalCopyRepository``. Health records, workouts and entries go through their own
/// repositories (read by the same row readers the app uses, logged for sync, added to the day and
/// hour totals); the rest is written as it was. Every row gets a new id, since the old ones may be
/// taken here; the ids other rows refer to (a workout's sets, a habit's days, a photo in the coach's
/// conversation) are remembered and the references follow them.
public protocol PersonalRestoreRepository: Sendable {
    var owner: UserID { get }
    /// Whether the person keeps any health record, entry or habit: an import goes only into an
    /// account without, so that nothing is mixed or doubled.
    func hasRecords() async throws -> Bool
    /// Writes `rows` of `table` as the owner's; returns how many were left out (records of a kind
    /// this build does not know, and the tables an import leaves out: ``PersonalRestore/leftOut``).
    func restore(_ rows: [PersonalRestore.Row], of table: PersonalTable, keys: PersonalRestore.Keys, at time: Date)
        async throws -> Int
    /// Reads back what was written that the app reads only later (habits, the coach's conversation,
    /// notifications, alerts, awards, imports), so a row the app could not read fails the import.
    func verify() async throws
}

public enum PersonalRestore {
    /// A row of an exported table and its line in the file, for saying where a fault is.
    public struct Row: Sendable {
        public let line: Int
        public let cells: [String: ExportCell]

        public init(line: Int, cells: [String: ExportCell]) {
            self.line = line
            self.cells = cells
        }
    }

    /// A row that cannot become a record of this account.
    public struct Unreadable: Error, Equatable {
        public let table: String
        public let line: Int

        public init(table: String, line: Int) {
            self.table = table
            self.line = line
        }
    }

    /// Tables an import leaves out: they name things of the other server (its lab's kit numbers too;
    /// the results stay readable in the export's files and its FHIR bundle).
    public static let leftOut: Set<String> = [
        "users", "creator_badge_awards", "creator_members", "device_connections", "test_kits", "lab_results",
    ]

    /// The tables whose health records make an account "with records".
    static let recordTables = [
        "quantity_samples", "category_samples", "workouts", "food_log_entries", "mood_check_ins", "journal_entries",
        "habits",
    ]

    /// The new ids of one import, and what it must know across tables. One import uses it at a time.
    public final class Keys: @unchecked Sendable {
        let ids: IDGenerator
        /// The change kind of each synced document kind (`settings`: .settings), so that devices
        /// pull the documents written.
        let documentChanges: [String: ChangeKind]
        private var remembered: [UUID: UUID] = [:]
        /// What the coach's conversation already holds here, so restored messages follow it.
        var coachOffset: Int?

        public init(ids: IDGenerator, documentChanges: [String: ChangeKind]) {
            self.ids = ids
            self.documentChanges = documentChanges
        }

        /// Tables whose ids other rows refer to.
        static let referenced: Set<String> = ["workouts", "habits", "coach_attachments"]

        func new(for old: UUID?, in table: String) -> UUID {
            let id = ids.uuid()
            if let old, Self.referenced.contains(table) { remembered[old] = id }
            return id
        }

        func existing(_ old: UUID) -> UUID? { remembered[old] }
    }
}

struct SQLPersonalRestoreRepository: PersonalRestoreRepository {
    let session: DatabaseSession
    let owner: UserID
    private var sql: any SQLDatabase { session.sql }
    private var records: PersonalRecords { PersonalRecords(session: session, owner: owner) }

    func hasRecords() async throws -> Bool {
        for table in PersonalRestore.recordTables {
            let row = try await sql.select().column("owner_id").from(table).where("owner_id", .equal, owner.rawValue).limit(1)
                .first()
            if row != nil { return true }
        }
        return false
    }

    func restore(_ rows: [PersonalRestore.Row], of table: PersonalTable, keys: PersonalRestore.Keys, at time: Date)
        async throws -> Int
    {
        guard !PersonalRestore.leftOut.contains(table.name) else { return rows.count }
        let records = records
        switch table.name {
        case "profiles":
            for row in rows {
                let profile = try read(row, table) { try SQLProfileRepository.decode($0) }
                try await records.profile.save(profile, at: Self.time(row, "updated_at") ?? time)
            }
            return 0
        case "person_documents":
            for row in rows { try await document(row, table, keys: keys, at: time) }
            return 0
        case "quantity_samples":
            return try await restore(rows, table, keys, as: QuantitySample.self) { try await records.quantitySamples.store($0) }
        case "category_samples":
            return try await restore(rows, table, keys, as: CategorySample.self) { try await records.categorySamples.store($0) }
        case "workouts":
            return try await restore(rows, table, keys, as: Workout.self) { try await records.workouts.store($0) }
        case "food_log_entries":
            return try await restore(rows, table, keys, as: FoodLogEntry.self) { try await records.foodLog.store($0) }
        case "mood_check_ins":
            return try await restore(rows, table, keys, as: MoodCheckIn.self) { try await records.moodCheckIns.store($0) }
        case "journal_entries":
            return try await restore(rows, table, keys, as: JournalEntry.self) { try await records.journal.store($0) }
        case "coach_messages":
            if keys.coachOffset == nil {
                keys.coachOffset = try await SQLCoachRepository(session: session, owner: owner).lastSeq()
            }
            try await insert(rows, table, keys)
            return 0
        case "data_imports":
            // One still running there has no file or job here: only finished ones are history.
            let finished = rows.filter { row in
                guard case .text(let state) = row.cells["state"] else { return false }
                return DataImport.State(rawValue: state)?.isFinished == true
            }
            try await insert(finished, table, keys)
            return rows.count - finished.count
        default:
            try await insert(rows, table, keys)
            return 0
        }
    }

    /// Records read by their repository's row reader under a new id, then stored by the repository.
    private func restore<Record: RecordMapping>(
        _ rows: [PersonalRestore.Row], _ table: PersonalTable, _ keys: PersonalRestore.Keys, as _: Record.Type,
        store: ([Record]) async throws -> Void
    ) async throws -> Int {
        var batch: [Record] = []
        batch.reserveCapacity(rows.count)
        for row in rows {
            let id = keys.new(for: Self.uuid(row, "id"), in: table.name)
            let record = try read(row, table) { exported -> Record? in
                let (source, sync) = try Provenance.decode(exported)
                return try Record.decode(exported, id: id, source: source, sync: sync)
            }
            if let record { batch.append(record) }
        }
        try await store(batch)
        return rows.count - batch.count
    }

    /// A settings or goals document replaces the account's own (a new account has its defaults); a
    /// synced one is logged with the fields that changed, as a save from the app is.
    private func document(_ row: PersonalRestore.Row, _ table: PersonalTable, keys: PersonalRestore.Keys, at time: Date)
        async throws
    {
        guard case .text(let kind) = row.cells["kind"], case .json(let body) = row.cells["body"] else {
            throw PersonalRestore.Unreadable(table: table.name, line: row.line)
        }
        do {
            try await SQLPersonDocumentRepository(session: session, owner: owner).write(
                kind: kind, body: body, change: keys.documentChanges[kind], fallback: { "{}" },
                at: Self.time(row, "updated_at") ?? time)
        } catch is DecodingError {
            throw PersonalRestore.Unreadable(table: table.name, line: row.line)
        }
    }

    /// Rows written as they were, under new ids, with their references following the ids given
    /// before. A clash with what the account has (the coach's opening of the same day, a
    /// notification of the same key) keeps the account's own.
    private func insert(_ rows: [PersonalRestore.Row], _ table: PersonalTable, _ keys: PersonalRestore.Keys) async throws {
        guard !rows.isEmpty else { return }
        var insert = sql.insert(into: table.name).columns([table.ownerColumn] + table.columns.map(\.name))
        for row in rows {
            var values: [any SQLExpression] = [SQLBind(owner.rawValue)]
            for column in table.columns {
                let cell = row.cells[column.name] ?? .null
                values.append(try value(cell, column, table: table, row: row, keys: keys))
            }
            insert = insert.values(values)
        }
        try await insert.ignoringConflicts().run()
    }

    private func value(
        _ cell: ExportCell, _ column: PersonalTable.Column, table: PersonalTable, row: PersonalRestore.Row,
        keys: PersonalRestore.Keys
    ) throws -> any SQLExpression {
        let unreadable = PersonalRestore.Unreadable(table: table.name, line: row.line)
        switch (column.name, cell) {
        case ("id", .uuid(let old)): return SQLBind(keys.new(for: old, in: table.name))
        case ("workout_id", .uuid(let old)), ("habit_id", .uuid(let old)):
            guard let id = keys.existing(old) else { throw unreadable }
            return SQLBind(id)
        case ("attachment_id", .uuid(let old)): return SQLBind(keys.existing(old))
        case ("seq", .integer(let seq)): return SQLBind(seq + (keys.coachOffset ?? 0))
        default: break
        }
        switch (column.kind, cell) {
        case (.uuid, .uuid(let id)): return SQLBind(id)
        case (.uuid, .null): return SQLBind(UUID?.none)
        case (.text, .text(let text)), (.json, .json(let text)): return SQLBind(text)
        case (.text, .null), (.json, .null): return SQLBind(String?.none)
        case (.real, .real(let value)): return SQLBind(value)
        case (.real, .integer(let value)): return SQLBind(Double(value))
        case (.real, .null): return SQLBind(Double?.none)
        case (.integer, .integer(let value)): return SQLBind(value)
        case (.integer, .null): return SQLBind(Int?.none)
        case (.timestamp, .timestamp(let seconds)): return SQLBind(Date(timeIntervalSince1970: seconds))
        case (.timestamp, .null): return SQLBind(Date?.none)
        case (.bytes, .bytes(let data)): return SQLBind(data)
        default: throw unreadable
        }
    }

    func verify() async throws {
        let records = records
        _ = try await records.habits.all()
        _ = try await records.coach.page(before: nil, after: nil, limit: Int(Int32.max))
        _ = try await records.notifications.list(since: .distantPast, before: nil, limit: Int(Int32.max))
        _ = try await records.alerts.recent(since: .distantPast)
        _ = try await records.achievements.all()
        _ = try await records.imports.recent(limit: Int(Int32.max))
    }

    private func read<T>(_ row: PersonalRestore.Row, _ table: PersonalTable, _ body: (ExportedRow) throws -> T) throws -> T {
        do { return try body(ExportedRow(cells: row.cells)) } catch {
            throw PersonalRestore.Unreadable(table: table.name, line: row.line)
        }
    }

    private static func uuid(_ row: PersonalRestore.Row, _ column: String) -> UUID? {
        if case .uuid(let id) = row.cells[column] { return id }
        return nil
    }

    private static func time(_ row: PersonalRestore.Row, _ column: String) -> Date? {
        if case .timestamp(let seconds) = row.cells[column] { return Date(timeIntervalSince1970: seconds) }
        return nil
    }
}
