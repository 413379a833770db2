import Foundation
import Logging
import SQLKit

/// Which SQL engine a database runs on; the few places whose SQL differs switch on it.
public enum DatabaseKind: String, Sendable, CaseIterable {
    case sqlite
    case postgres
}

/// The one owner of database connections. Reads run on any connection; every write runs in one
/// transaction, committed as a whole or not at all.
///
/// Query logging is switched off on every connection: SQL binds carry health data, and logs must not.
public final class Database: Sendable {
    public let kind: DatabaseKind
    public let location: DatabaseLocation
    private let backend: any DatabaseBackend

    private init(kind: DatabaseKind, location: DatabaseLocation, backend: any DatabaseBackend) {
        self.kind = kind
        self.location = location
        self.backend = backend
    }

    /// Opens the database (creating the SQLite file and its folder when needed). Does not migrate.
    public static func open(_ location: DatabaseLocation, logger: Logger) async throws -> Database {
        switch location {
        case .sqlite(let path):
            return Database(kind: .sqlite, location: location, backend: try await SQLiteBackend.open(path: path, logger: logger))
        case .postgres(let url):
            return Database(kind: .postgres, location: location, backend: try await PostgresBackend.open(url, logger: logger))
        }
    }

    public func read<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await backend.read { try await body($0.sql) }
    }

    /// Runs `body` in one transaction: if it throws, nothing it wrote is kept.
    public func write<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await backend.write { try await body($0.sql) }
    }

    func readSession<R: Sendable>(_ body: @escaping @Sendable (DatabaseSession) async throws -> R) async throws -> R {
        try await backend.read(body)
    }

    func writeSession<R: Sendable>(_ body: @escaping @Sendable (DatabaseSession) async throws -> R) async throws -> R {
        try await backend.write(body)
    }

    public func close() async {
        await backend.close()
    }
}

protocol DatabaseBackend: Sendable {
    func read<R: Sendable>(_ body: @escaping @Sendable (DatabaseSession) async throws -> R) async throws -> R
    func write<R: Sendable>(_ body: @escaping @Sendable (DatabaseSession) async throws -> R) async throws -> R
    func close() async
}

extension DatabaseBackend {
    /// BEGIN, body, COMMIT; ROLLBACK when the body or the commit fails.
    func inTransaction<R>(
        _ session: DatabaseSession, begin: String, _ body: @Sendable (DatabaseSession) async throws -> R
    ) async throws -> R {
        let sql = session.sql
        try await sql.raw(SQLQueryString(begin)).run()
        do {
            let result = try await body(session)
            try await sql.raw("COMMIT").run()
            return result
        } catch {
            try? await sql.raw("ROLLBACK").run()
            throw error
        }
    }
}
