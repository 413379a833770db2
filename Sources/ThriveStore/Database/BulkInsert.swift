import SQLKit
import SQLiteNIO

/// Multi-row inserts, a batch of rows per statement: far fewer round trips than a row at a time.
/// On SQLite the statement text is built directly and the values handed to the driver as they are;
/// elsewhere SQLKit builds and binds it.
enum BulkInsert {
    /// Rows per statement: 1000 rows of about a dozen columns stays under both engines' bind limits
    /// (32,766 in SQLite, 65,535 in PostgreSQL).
    static let rowsPerStatement = 1_000

    enum Conflict {
        /// A clash is an error.
        case fail
        /// A row whose `(owner_id, sync_identifier)` already exists replaces the stored one only when its
        /// `sync_version` is newer, so a resent import changes nothing.
        case keepNewestSyncVersion
    }

    static func run(
        _ session: DatabaseSession, into table: String, columns: [String], rows: [[ColumnValue]], onConflict: Conflict
    ) async throws {
        let chunks = stride(from: 0, to: rows.count, by: rowsPerStatement).map {
            rows[$0..<min($0 + rowsPerStatement, rows.count)]
        }
        guard let sqlite = session.sqlite else {
            for chunk in chunks { try await insertThroughSQLKit(session.sql, table, columns, chunk, onConflict) }
            return
        }
        // Converting the next chunk's values overlaps with SQLite executing this one (on the other core).
        let fullStatement = sqliteStatement(table, columns, rowCount: rowsPerStatement, onConflict)
        var nextBinds = chunks.first.map(sqliteBinds) ?? []
        for (index, chunk) in chunks.enumerated() {
            let binds = nextBinds
            let statement =
                chunk.count == rowsPerStatement
                ? fullStatement : sqliteStatement(table, columns, rowCount: chunk.count, onConflict)
            async let executed = sqlite.query(statement, binds)
            if index + 1 < chunks.count { nextBinds = sqliteBinds(chunks[index + 1]) }
            _ = try await executed
        }
    }

    private static func sqliteBinds(_ rows: ArraySlice<[ColumnValue]>) -> [SQLiteData] {
        var binds: [SQLiteData] = []
        binds.reserveCapacity(rows.count * (rows.first?.count ?? 0))
        for row in rows {
            for value in row { binds.append(value.sqlite) }
        }
        return binds
    }

    /// `INSERT INTO t (a, b) VALUES (?, ?), (?, ?) …` plus the conflict clause.
    static func sqliteStatement(_ table: String, _ columns: [String], rowCount: Int, _ conflict: Conflict) -> String {
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ",") + ")"
        var text = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        text += Array(repeating: row, count: rowCount).joined(separator: ",")
        if case .keepNewestSyncVersion = conflict {
            let updates = updatableColumns(columns).map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
            text +=
                " ON CONFLICT (owner_id, sync_identifier) DO UPDATE SET \(updates) WHERE \(table).sync_version < excluded.sync_version"
        }
        return text
    }

    private static func insertThroughSQLKit(
        _ sql: any SQLDatabase, _ table: String, _ columns: [String], _ rows: ArraySlice<[ColumnValue]>, _ conflict: Conflict
    ) async throws {
        var insert = sql.insert(into: table).columns(columns)
        for row in rows {
            insert = insert.values(row.map(\.encodable))
        }
        if case .keepNewestSyncVersion = conflict {
            insert = insert.onConflict(with: ["owner_id", "sync_identifier"]) { update in
                var update = update
                for column in updatableColumns(columns) { update = update.set(excludedValueOf: column) }
                return update.where(SQLRaw("\(table).sync_version < excluded.sync_version"))
            }
        }
        try await insert.run()
    }

    private static func updatableColumns(_ columns: [String]) -> [String] {
        columns.filter { !["id", "owner_id", "sync_identifier"].contains($0) }
    }
}
