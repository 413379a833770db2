import Foundation
import PostgresNIO
import SQLKit
import SQLiteNIO
import ThriveCore

extension SQLRow {
    func uuid(_ column: String) throws -> UUID { try decode(column: column, as: UUID.self) }
    func date(_ column: String) throws -> Date { try decode(column: column, as: Date.self) }
    func optionalDate(_ column: String) throws -> Date? { try decode(column: column, as: Date?.self) }
    func string(_ column: String) throws -> String { try decode(column: column, as: String.self) }
    func optionalString(_ column: String) throws -> String? { try decode(column: column, as: String?.self) }
    func double(_ column: String) throws -> Double { try decode(column: column, as: Double.self) }
    func optionalDouble(_ column: String) throws -> Double? { try decode(column: column, as: Double?.self) }
    func int(_ column: String) throws -> Int { try decode(column: column, as: Int.self) }
    func optionalInt(_ column: String) throws -> Int? { try decode(column: column, as: Int?.self) }
}

/// The source and sync columns every health record shares.
enum Provenance {
    static let columns = ["source_name", "source_kind", "sync_identifier", "sync_version", "created_at"]

    static func values(_ source: SampleSource, _ sync: SyncStamp?, recordedAt: Date) -> [any Encodable & Sendable] {
        [source.name, source.kind.rawValue, sync?.identifier, sync?.version ?? 1, recordedAt]
    }

    static func decode(_ row: any SQLRow) throws -> (SampleSource, SyncStamp?) {
        let kind = SampleSource.Kind(rawValue: try row.string("source_kind")) ?? .app
        let source = SampleSource(name: try row.string("source_name"), kind: kind)
        let sync = try row.optionalString("sync_identifier").map {
            SyncStamp(identifier: $0, version: (try? row.int("sync_version")) ?? 1)
        }
        return (source, sync)
    }
}

/// Multi-row upserts, a batch per statement: far fewer round trips than a row at a time.
enum BatchUpsert {
    /// Rows per statement: 1000 rows of about a dozen columns stays under both engines' bind limits
    /// (32,766 in SQLite, 65,535 in PostgreSQL).
    static let rowsPerStatement = 1_000

    /// Inserts `rows`; a row whose `(owner_id, sync_identifier)` already exists replaces the stored one
    /// only when its `sync_version` is newer, so a resent import changes nothing.
    static func run(
        _ sql: any SQLDatabase, table: String, columns: [String], rows: [[any Encodable & Sendable]]
    ) async throws {
        let updatable = columns.filter { !["id", "owner_id", "sync_identifier", "created_at"].contains($0) }
        var start = 0
        while start < rows.count {
            let end = min(start + rowsPerStatement, rows.count)
            var insert = sql.insert(into: table).columns(columns)
            for row in rows[start..<end] {
                insert = insert.values(row)
            }
            try await insert.onConflict(with: ["owner_id", "sync_identifier"]) { update in
                var update = update
                for column in updatable { update = update.set(excludedValueOf: column) }
                return update.where(SQLRaw("\(table).sync_version < excluded.sync_version"))
            }.run()
            start = end
        }
    }
}

/// Whether `error` is a broken UNIQUE or primary-key constraint, on either engine.
func isUniqueViolation(_ error: any Error) -> Bool {
    if let error = error as? SQLiteError {
        return [.constraintUniqueFailed, .constraintPrimaryKeyFailed].contains(error.reason)
    }
    if let error = error as? PSQLError {
        return error.serverInfo?[.sqlState] == "23505"
    }
    return false
}
