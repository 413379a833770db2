import Foundation
import ThriveCore
import VaporCSQLite

/// A query over millions of rows, read straight from SQLite's C interface on a thread of its own,
/// each row handed on as it is stepped to. SQLiteNIO hands every row to its event loop as a task of
/// its own and keeps a future per row until the query ends: for an export of millions of readings
/// that is most of the time and hundreds of megabytes. This opens its own read-only connection to
/// the database file (WAL lets it read beside the server's connections; the statement is its own
/// snapshot), with a small page cache, and closes it when the read ends.
struct SQLiteStreamingRead {
    let path: String

    /// One row's cell `index`, as the driver stored it: valid only while the row is being handed on.
    struct Row {
        fileprivate let statement: OpaquePointer

        enum StoredType { case null, integer, real, text, blob }

        func type(_ index: Int) -> StoredType {
            switch sqlite_nio_sqlite3_column_type(statement, Int32(index)) {
            case SQLITE_INTEGER: .integer
            case SQLITE_FLOAT: .real
            case SQLITE_TEXT: .text
            case SQLITE_BLOB: .blob
            default: .null
            }
        }
        func integer(_ index: Int) -> Int { Int(sqlite_nio_sqlite3_column_int64(statement, Int32(index))) }
        func real(_ index: Int) -> Double { sqlite_nio_sqlite3_column_double(statement, Int32(index)) }

        func text(_ index: Int) -> String {
            guard let start = sqlite_nio_sqlite3_column_text(statement, Int32(index)) else { return "" }
            let length = Int(sqlite_nio_sqlite3_column_bytes(statement, Int32(index)))
            return String(decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self)
        }

        func bytes(_ index: Int) -> UnsafeRawBufferPointer {
            let start = sqlite_nio_sqlite3_column_blob(statement, Int32(index))
            let length = Int(sqlite_nio_sqlite3_column_bytes(statement, Int32(index)))
            return UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : length)
        }
    }

    /// Runs `query` with one blob parameter (an owner's id) and hands each row to `row`; returns
    /// how many rows there were. An error `row` throws ends the read and is rethrown.
    func run(_ query: String, owner: UUID, row: @escaping @Sendable (Row) throws -> Void) async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try step(query, owner: owner, row) })
            }
            thread.name = "thrive-sqlite-read"
            thread.start()
        }
    }

    private func step(_ query: String, owner: UUID, _ row: (Row) throws -> Void) throws -> Int {
        var connection: OpaquePointer?
        let opened = sqlite_nio_sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        defer { sqlite_nio_sqlite3_close(connection) }
        guard opened == SQLITE_OK, let connection else { throw failure(connection, "open the database file") }
        sqlite_nio_sqlite3_busy_timeout(connection, 5000)
        var statement: OpaquePointer?
        guard sqlite_nio_sqlite3_prepare_v2(connection, query, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw failure(connection, "prepare a read")
        }
        defer { sqlite_nio_sqlite3_finalize(statement) }
        let bound = withUnsafeBytes(of: owner.uuid) { bytes in
            // SQLITE_TRANSIENT: SQLite copies the 16 bytes before this returns.
            sqlite_nio_sqlite3_bind_blob(statement, 1, bytes.baseAddress, 16, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        }
        guard bound == SQLITE_OK else { throw failure(connection, "bind the owner") }
        var count = 0
        while true {
            switch sqlite_nio_sqlite3_step(statement) {
            case SQLITE_ROW:
                try row(Row(statement: statement))
                count += 1
            case SQLITE_DONE:
                return count
            default:
                throw failure(connection, "read a row")
            }
        }
    }

    private func failure(_ connection: OpaquePointer?, _ doing: String) -> StoreError {
        let message = connection.flatMap { sqlite_nio_sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "no connection"
        return .unavailable("Could not \(doing) for reading: \(message)")
    }
}
