import Foundation
import Logging
import PostgresNIO
import SQLKit
import SQLiteNIO

/// Multi-row inserts, a batch of rows per statement: far fewer round trips than a row at a time.
/// On SQLite the statement text is built directly and the values handed to the driver as they are;
/// elsewhere SQLKit builds and binds it.
enum BulkInsert {
    /// At most this many values per statement: under both engines' bind limits (32,766 in SQLite,
    /// 65,535 in PostgreSQL). SQLite parses every statement afresh, so fewer, larger ones cost less.
    static let valuesPerStatement = 30_000

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
        try await run(session, into: table, columns: columns, rowCount: rows.count, onConflict: onConflict) { index, values in
            values.append(contentsOf: rows[index])
        }
    }

    /// Inserts `rowCount` rows; `appendRow` appends row `index`'s values, one per column, in order.
    /// Rows are converted a statement's worth at a time, while SQLite executes the statement before.
    static func run(
        _ session: DatabaseSession, into table: String, columns: [String], rowCount: Int, onConflict: Conflict,
        appendRow: (_ index: Int, _ values: inout [ColumnValue]) -> Void
    ) async throws {
        let width = columns.count
        let rowsPerStatement = max(1, valuesPerStatement / width)
        let starts = Array(stride(from: 0, to: rowCount, by: rowsPerStatement))
        func values(from start: Int) -> [ColumnValue] {
            var values: [ColumnValue] = []
            values.reserveCapacity(min(rowsPerStatement, rowCount - start) * width)
            for index in start..<min(start + rowsPerStatement, rowCount) { appendRow(index, &values) }
            precondition(values.count % width == 0, "a value for every column of every row")
            return values
        }
        if let postgres = session.postgres {
            let rows = PostgresBatch.rowsPerStatement
            func statement(_ start: Int) -> PostgresQuery {
                var values: [ColumnValue] = []
                values.reserveCapacity(min(rows, rowCount - start) * width)
                for index in start..<min(start + rows, rowCount) { appendRow(index, &values) }
                return PostgresBatch.statement(table, columns, values, onConflict)
            }
            // The next statement's arrays are encoded while PostgreSQL runs this one.
            let starts = Array(stride(from: 0, to: rowCount, by: rows))
            var next = starts.first.map(statement)
            for index in starts.indices {
                guard let query = next else { break }
                async let executed = postgres.query(query, logger: quiet)
                next = index + 1 < starts.count ? statement(starts[index + 1]) : nil
                _ = try await executed
            }
            return
        }
        guard let sqlite = session.sqlite else {
            for start in starts { try await insertThroughSQLKit(session.sql, table, columns, values(from: start), onConflict) }
            return
        }
        var builder = SQLiteBatch.Builder(table: table, columns: columns, conflict: onConflict)
        var next = starts.first.map { builder.batch(values(from: $0)[...]) }
        for index in starts.indices {
            guard let batch = next else { break }
            async let executed = sqlite.query(batch.statement, batch.binds)
            next = index + 1 < starts.count ? builder.batch(values(from: starts[index + 1])[...]) : nil
            _ = try await executed
        }
    }

    static func conflictClause(_ table: String, _ columns: [String], _ conflict: Conflict) -> String {
        guard case .keepNewestSyncVersion = conflict else { return "" }
        let updates = updatableColumns(columns).map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return
            " ON CONFLICT (owner_id, sync_identifier) DO UPDATE SET \(updates) WHERE \(table).sync_version < excluded.sync_version"
    }

    /// Statements carry health values: never logged, whatever the server's level.
    private static let quiet: Logger = {
        var logger = Logger(label: "thrive.store.bulk")
        logger.logLevel = .critical
        return logger
    }()

    private static func insertThroughSQLKit(
        _ sql: any SQLDatabase, _ table: String, _ columns: [String], _ values: [ColumnValue], _ conflict: Conflict
    ) async throws {
        var insert = sql.insert(into: table).columns(columns)
        for start in stride(from: 0, to: values.count, by: columns.count) {
            insert = insert.values(values[start..<start + columns.count].map(\.encodable))
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
