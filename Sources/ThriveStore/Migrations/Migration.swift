import SQLKit

/// One step of the schema's history. Steps run in order, each in its own transaction, and are
/// recorded in `schema_migrations`; a step never changes once released.
struct Migration: Sendable {
    let version: Int
    let name: String
    let statements: @Sendable (ColumnTypes) -> [String]
}

/// Column types spelled for each engine, so one migration text serves both.
struct ColumnTypes: Sendable {
    let kind: DatabaseKind

    /// PostgreSQL's native `UUID`; in SQLite the 16 bytes as a BLOB (see `UUID+SQLite.swift`).
    var uuid: String { kind == .postgres ? "UUID" : "BLOB" }
    /// PostgreSQL `TIMESTAMPTZ`; SQLite stores seconds since 1970 as a REAL.
    var timestamp: String { kind == .postgres ? "TIMESTAMPTZ" : "REAL" }
    var double: String { kind == .postgres ? "DOUBLE PRECISION" : "REAL" }
    var integer: String { kind == .postgres ? "BIGINT" : "INTEGER" }
    var text: String { "TEXT" }
    var bytes: String { kind == .postgres ? "BYTEA" : "BLOB" }
}
