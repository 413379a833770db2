import Foundation
import VaporCSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// Kills a process with SIGKILL the moment a count in its SQLite file turns positive. It watches on
/// its own thread with SQLite's C interface, outside Swift's task pool: on a busy machine a task
/// that polls can wait seconds for a turn, and the server would finish before it is killed.
final class KillSwitch: @unchecked Sendable {
    private let fired = NSLock()
    private var done = false

    /// Starts watching `query` (a single count) in the database at `path`; calls `kill` when it is
    /// above zero, or gives up after `limit`.
    init(database path: String, query: String, limit: TimeInterval = 120, kill: @escaping @Sendable () -> Void) {
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
                    kill()
                    break
                }
                usleep(500)
            }
            fired.withLock { done = true }
        }
        thread.start()
    }

    convenience init(server: ServerProcess, database path: String, query: String) {
        self.init(database: path, query: query) { server.kill() }
    }

    /// Waits until the process was killed (or the watch gave up), without holding a thread of
    /// the task pool while it does.
    func wait() async {
        while !fired.withLock({ done }) { try? await Task.sleep(for: .milliseconds(10)) }
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
