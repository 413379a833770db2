import Foundation
import VaporCSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// Kills a server with SIGKILL the moment a count in its SQLite file turns positive. It watches on
/// its own thread with SQLite's C interface, outside Swift's task pool: on a busy machine a task
/// that polls can wait seconds for a turn, and the server would finish before it is killed.
final class KillSwitch: @unchecked Sendable {
    private let fired = NSCondition()
    private var done = false

    /// Starts watching `query` (a single `COUNT(*)`) in the database at `path`; kills `server`
    /// when it is above zero, or gives up after `limit`.
    init(server: ServerProcess, database path: String, query: String, limit: TimeInterval = 120) {
        let thread = Thread { [self] in
            let deadline = Date() + limit
            var handle: OpaquePointer?
            defer { sqlite_nio_sqlite3_close(handle) }
            while Date() < deadline {
                if handle == nil, sqlite_nio_sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) != SQLITE_OK {
                    sqlite_nio_sqlite3_close(handle)
                    handle = nil
                }
                if let handle, Self.count(handle, query) > 0 {
                    server.kill()
                    break
                }
                usleep(500)
            }
            fired.withLock {
                done = true
                fired.broadcast()
            }
        }
        thread.start()
    }

    /// Waits until the server was killed (or the watch gave up).
    func wait() {
        fired.withLock {
            while !done { fired.wait() }
        }
    }

    /// The count, or 0 while the table does not exist yet or the file is busy.
    private static func count(_ handle: OpaquePointer, _ query: String) -> Int {
        var statement: OpaquePointer?
        defer { sqlite_nio_sqlite3_finalize(statement) }
        guard sqlite_nio_sqlite3_prepare_v2(handle, query, -1, &statement, nil) == SQLITE_OK,
            sqlite_nio_sqlite3_step(statement) == SQLITE_ROW
        else { return 0 }
        return Int(sqlite_nio_sqlite3_column_int64(statement, 0))
    }
}
