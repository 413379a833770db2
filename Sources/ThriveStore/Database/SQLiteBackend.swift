import Foundation
import Logging
import NIOPosix
import SQLKit
import SQLiteKit
import Synchronization

/// SQLite in WAL mode: one writer connection behind a gate (SQLite allows one writer at a time, and
/// a shared connection must not interleave two transactions), reader connections that run
/// concurrently with it, and a checkpointer that copies the log into the database file in the
/// background, so that a commit never waits for that copy.
///
/// SQLite calls block a thread, so each backend has its own thread pool, one thread per connection.
/// On the shared pool (two threads on a two-core machine) a connection waiting for another
/// process's write lock could take the thread that process needs to commit, and both would wait
/// until the busy timeout fails one of them.
final class SQLiteBackend: DatabaseBackend {
    private let threads: NIOThreadPool
    private let writer: SQLiteConnection
    private let readers: [SQLiteConnection]
    private let checkpointer: SQLiteConnection
    private let gate = AsyncGate()
    private let nextReader = Atomic<Int>(0)
    /// The checkpoint in progress, if any.
    private let checkpoint = Mutex<Task<Void, Never>?>(nil)
    private let closed = Atomic<Bool>(false)
    private let logger: Logger

    /// Bytes per page of a database file created from now on.
    static let pageSize = 16_384
    /// The write-ahead log's size past which a write waits for the running checkpoint.
    static let logLimit = 64 * 1_024 * 1_024
    private let path: String
    private let logPath: String

    private init(
        path: String, threads: NIOThreadPool, writer: SQLiteConnection, readers: [SQLiteConnection],
        checkpointer: SQLiteConnection, logger: Logger
    ) {
        self.path = path
        logPath = path + "-wal"
        self.logger = logger
        self.threads = threads
        self.writer = writer
        self.readers = readers
        self.checkpointer = checkpointer
    }

    static let writerCacheKilobytes = 16_384

    static func open(path: String, readerCount: Int = 2, logger: Logger) async throws -> SQLiteBackend {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError.unavailable("Cannot create the data folder \(folder.path): \(error.localizedDescription)")
        }
        // A connection that is dropped without being closed stops the process (SQLiteNIO asserts), so
        // everything opened before a failure is closed before the error goes up.
        let threads = NIOThreadPool(numberOfThreads: readerCount + 2)
        threads.start()
        var opened: [SQLiteConnection] = []
        do {
            let writer = try await connect(path: path, threads: threads, logger: logger)
            opened.append(writer)
            // 16 KB pages for a new file (an existing one keeps its size): health records arrive by the
            // thousand and are read in time ranges, and larger pages mean shallower trees and fewer
            // splits; a 50,000-sample import runs about a quarter faster than on 4 KB pages.
            _ = try await writer.query("PRAGMA page_size = \(pageSize)")
            // WAL lets readers proceed while a write is in progress; the mode is stored in the file.
            _ = try await writer.query("PRAGMA journal_mode = WAL")
            // Commits do not checkpoint; the checkpointer connection does it after them (see `write`).
            _ = try await writer.query("PRAGMA wal_autocheckpoint = 0")
            // When the log starts over, a file grown past the limit is cut back to it.
            _ = try await writer.query("PRAGMA journal_size_limit = \(logLimit)")
            // The writer's cache holds one transaction's pages (an import commits a batch at a time),
            // so 16 MB does: a year of minute heart rate imports as fast as with 64 MB and the whole
            // process stays at 120 MB instead of 180. Readers keep 64 MB for the history they read.
            _ = try await writer.query("PRAGMA cache_size = -\(writerCacheKilobytes)")
            for _ in 0..<readerCount + 1 {
                opened.append(try await connect(path: path, threads: threads, logger: logger))
            }
            // The checkpointer only copies the log into the file: pages pass through, none are read again.
            _ = try await opened[readerCount + 1].query("PRAGMA cache_size = -2048")
            return SQLiteBackend(
                path: path, threads: threads, writer: writer, readers: Array(opened[1...readerCount]),
                checkpointer: opened[readerCount + 1], logger: logger)
        } catch {
            for connection in opened { try? await connection.close() }
            try? await threads.shutdownGracefully()
            throw error
        }
    }

    private static func connect(path: String, threads: NIOThreadPool, logger: Logger) async throws -> SQLiteConnection {
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(
                storage: .file(path: path), threadPool: threads, logger: logger,
                on: MultiThreadedEventLoopGroup.singleton.any()
            ).get()
        } catch {
            throw StoreError.unavailable("Cannot open the database file \(path): \(error)")
        }
        do {
            // Another process (the CLI beside a running server) may hold the write lock briefly: wait, don't fail.
            _ = try await connection.query("PRAGMA busy_timeout = 5000")
            _ = try await connection.query("PRAGMA foreign_keys = ON")
            // Safe in WAL mode: a power cut can lose the last commits but never corrupts the file.
            _ = try await connection.query("PRAGMA synchronous = NORMAL")
            // 64 MB of page cache for readers: a year of minute heart rate's indexes stay in memory.
            _ = try await connection.query("PRAGMA cache_size = -65536")
            _ = try await connection.query("PRAGMA temp_store = MEMORY")
            return connection
        } catch {
            try? await connection.close()
            throw StoreError.unavailable("Cannot set up the database file \(path): \(error)")
        }
    }

    private func session(_ connection: SQLiteConnection) -> DatabaseSession {
        DatabaseSession(sql: connection.sql(queryLogLevel: nil), sqlite: connection, sqlitePath: path)
    }

    func read<R: Sendable>(_ body: @escaping @Sendable (DatabaseSession) async throws -> R) async throws -> R {
        let index = nextReader.add(1, ordering: .relaxed).oldValue % readers.count
        return try await body(session(readers[index]))
    }

    func write<R: Sendable>(_ body: @escaping @Sendable (DatabaseSession) async throws -> R) async throws -> R {
        let database = session(writer)
        let result = try await gate.withLock {
            // The log starts over only when a write begins after a checkpoint has copied all of it; a
            // write that begins while one is still copying adds to the log instead. Back-to-back imports
            // would grow it without end, so past a size the write waits for the copy to finish.
            if logSize() > Self.logLimit { await checkpoint.withLock { $0 }?.value }
            // IMMEDIATE takes the write lock up front, so a transaction never fails half-way on
            // upgrading from a read lock while another process writes.
            do {
                return try await inTransaction(database, begin: "BEGIN IMMEDIATE", body)
            } catch let error as SQLiteError where Self.isLeftOpen(error) {
                // A transaction was left open on the writer (three times under the full test suite's
                // load; the cause is not found yet) and every later write would be refused until a
                // restart. Nothing in it was committed: roll it back, say so, and go on.
                logger.error("a write transaction was left open: rolled back", metadata: ["error": "\(failureKind(error))"])
                _ = try? await writer.query("ROLLBACK")
                return try await inTransaction(database, begin: "BEGIN IMMEDIATE", body)
            }
        }
        scheduleCheckpoint()
        return result
    }

    /// BEGIN's refusal inside a transaction: the body has not run yet, so it is safe to run again.
    static func isLeftOpen(_ error: SQLiteError) -> Bool {
        error.message.contains("cannot start a transaction within a transaction")
    }

    private func logSize() -> Int {
        var status = stat()
        return stat(logPath, &status) == 0 ? Int(status.st_size) : 0
    }

    /// Starts a passive checkpoint unless one is already running. It copies committed pages from the
    /// log into the database file on its own connection, alongside reads and whatever the caller does
    /// next; the next write waits for it to finish.
    private func scheduleCheckpoint() {
        checkpoint.withLock { running in
            guard running == nil else { return }
            running = Task.detached { [self] in
                _ = try? await checkpointer.query("PRAGMA wal_checkpoint(PASSIVE)")
                checkpoint.withLock { $0 = nil }
            }
        }
    }

    /// A backend dropped without ``close()`` (a failed start, a test that threw) still releases its
    /// file handles instead of leaving SQLiteNIO to stop the process on an unclosed connection.
    deinit {
        guard !closed.load(ordering: .acquiring) else { return }
        for connection in readers + [checkpointer, writer] { _ = connection.close() }
        // The pool runs the closes queued above before it stops.
        threads.shutdownGracefully { _ in }
    }

    func close() async {
        guard closed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        await checkpoint.withLock { $0 }?.value
        // Leave a compact file behind: everything copied in, the log emptied.
        _ = try? await checkpointer.query("PRAGMA wal_checkpoint(TRUNCATE)")
        for connection in readers + [checkpointer] { try? await connection.close() }
        try? await writer.close()
        try? await threads.shutdownGracefully()
    }
}
