import PostgresNIO
import SQLKit
import SQLiteNIO

/// One connection's view of the database for the length of a read or a transaction: SQLKit for
/// ordinary statements, and the raw connection for the bulk-insert fast path.
struct DatabaseSession: Sendable {
    let sql: any SQLDatabase
    let sqlite: SQLiteConnection?
    var postgres: PostgresConnection? = nil
    /// The SQLite database file, for reads too long for the driver (see `SQLiteStreamingRead`).
    var sqlitePath: String? = nil

    var kind: DatabaseKind { sqlite == nil ? .postgres : .sqlite }
    var types: ColumnTypes { ColumnTypes(kind: kind) }
}
