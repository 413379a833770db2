import Foundation
import Logging
import NIOPosix
import SQLKit
import SQLiteKit
import Synchronization

/// SQLite in WAL mode: one writer connection behind a gate (SQLite allows one writer at a time, and
/// a shared connection must not interleave two transactions), and reader connections that run
/// concurrently with it.
final class SQLiteBackend: DatabaseBackend {
    private let writer: SQLiteConnection
    private let readers: [SQLiteConnection]
    private let gate = AsyncGate()
    private let nextReader = Atomic<Int>(0)

    private init(writer: SQLiteConnection, readers: [SQLiteConnection]) {
        self.writer = writer
        self.readers = readers
    }

    static func open(path: String, readerCount: Int = 2, logger: Logger) async throws -> SQLiteBackend {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError.unavailable("Cannot create the data folder \(folder.path): \(error.localizedDescription)")
        }
        let writer = try await connect(path: path, logger: logger)
        // WAL lets readers proceed while a write is in progress; the mode is stored in the file.
        _ = try await writer.query("PRAGMA journal_mode = WAL")
        var readers: [SQLiteConnection] = []
        for _ in 0..<readerCount {
            readers.append(try await connect(path: path, logger: logger))
        }
        return SQLiteBackend(writer: writer, readers: readers)
    }

    private static func connect(path: String, logger: Logger) async throws -> SQLiteConnection {
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(
                storage: .file(path: path), threadPool: .singleton, logger: logger,
                on: MultiThreadedEventLoopGroup.singleton.any()
            ).get()
        } catch {
            throw StoreError.unavailable("Cannot open the database file \(path): \(error)")
        }
        // Another process (the CLI beside a running server) may hold the write lock briefly: wait, don't fail.
        _ = try await connection.query("PRAGMA busy_timeout = 5000")
        _ = try await connection.query("PRAGMA foreign_keys = ON")
        // Safe in WAL mode: a power cut can lose the last commits but never corrupts the file.
        _ = try await connection.query("PRAGMA synchronous = NORMAL")
        return connection
    }

    private func sql(_ connection: SQLiteConnection) -> any SQLDatabase {
        connection.sql(queryLogLevel: nil)
    }

    func read<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        let index = nextReader.add(1, ordering: .relaxed).oldValue % readers.count
        return try await body(sql(readers[index]))
    }

    func write<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        let database = sql(writer)
        return try await gate.withLock {
            // IMMEDIATE takes the write lock up front, so a transaction never fails half-way on
            // upgrading from a read lock while another process writes.
            try await inTransaction(database, begin: "BEGIN IMMEDIATE", body)
        }
    }

    func close() async {
        for connection in readers { try? await connection.close() }
        try? await writer.close()
    }
}
