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
    static let columns = ["source_name", "source_kind", "sync_identifier", "sync_version"]

    static func append(_ source: SampleSource, _ sync: SyncStamp?, to values: inout [ColumnValue]) {
        values.append(.text(source.name))
        values.append(.text(source.kind.rawValue))
        values.append(ColumnValue(sync?.identifier))
        values.append(.integer(sync?.version ?? 1))
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
