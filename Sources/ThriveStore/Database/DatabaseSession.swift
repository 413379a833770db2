import SQLKit
import SQLiteNIO

/// One connection's view of the database for the length of a read or a transaction: SQLKit for
/// ordinary statements, and on SQLite the raw connection for the bulk-insert fast path.
struct DatabaseSession: Sendable {
    let sql: any SQLDatabase
    let sqlite: SQLiteConnection?

    var kind: DatabaseKind { sqlite == nil ? .postgres : .sqlite }
    var types: ColumnTypes { ColumnTypes(kind: kind) }
}
