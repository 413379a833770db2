import Foundation
import SQLiteNIO
import ThriveCore
import ThriveSync

/// The device's own SQLite database: its copy of the person's records, the outbox of changes not yet
/// acknowledged, conflicts waiting for the person, and the cursor. One connection, used by one
/// ``SyncClient`` at a time; every step that changes more than one row is one transaction, so a
/// device that dies mid-sync loses nothing and sends nothing twice.
public final class LocalSyncStore: Sendable {
    let connection: SQLiteConnection

    private init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// Opens (creating when needed) the database at `path`.
    public static func open(path: String) async throws -> LocalSyncStore {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        let store = LocalSyncStore(connection: connection)
        do {
            for statement in schema { _ = try await connection.query(statement) }
        } catch {
            try? await connection.close()
            throw error
        }
        return store
    }

    public func close() async throws { try await connection.close() }

    static let schema = [
        "PRAGMA journal_mode = WAL",
        """
        CREATE TABLE IF NOT EXISTS records (
            kind TEXT NOT NULL, record_id TEXT NOT NULL, fields TEXT, deleted INTEGER NOT NULL DEFAULT 0,
            server_version INTEGER, server_fields TEXT, PRIMARY KEY (kind, record_id))
        """,
        """
        CREATE TABLE IF NOT EXISTS outbox (
            position INTEGER PRIMARY KEY AUTOINCREMENT, change_id TEXT NOT NULL UNIQUE, kind TEXT NOT NULL,
            record_id TEXT NOT NULL, operation TEXT NOT NULL, base_version INTEGER, base_pending INTEGER NOT NULL DEFAULT 0,
            sealed INTEGER NOT NULL DEFAULT 0,
            fields TEXT, made_at REAL NOT NULL, resolution TEXT)
        """,
        """
        CREATE TABLE IF NOT EXISTS conflicts (
            change_id TEXT PRIMARY KEY, kind TEXT NOT NULL, record_id TEXT NOT NULL, mine TEXT,
            server_version INTEGER NOT NULL, server_fields TEXT, server_deleted INTEGER NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS rejections (
            change_id TEXT PRIMARY KEY, kind TEXT NOT NULL, record_id TEXT NOT NULL, message TEXT, field TEXT)
        """,
        "CREATE INDEX IF NOT EXISTS outbox_by_record ON outbox (kind, record_id, position)",
        "CREATE INDEX IF NOT EXISTS conflicts_by_record ON conflicts (kind, record_id)",
        "CREATE TABLE IF NOT EXISTS sample_batches (version INTEGER PRIMARY KEY, fields TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ]

    @discardableResult
    func query(_ sql: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteRow] {
        try await connection.query(sql, binds)
    }

    /// Runs `body` in one transaction.
    func transaction<R>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R) async throws -> R {
        try await query("BEGIN IMMEDIATE")
        do {
            let result = try await body()
            try await query("COMMIT")
            return result
        } catch {
            _ = try? await query("ROLLBACK")
            throw error
        }
    }

    static func text(_ value: JSONValue?) -> SQLiteData {
        guard let value, let data = try? JSONEncoder().encode(value) else { return .null }
        return .text(String(decoding: data, as: UTF8.self))
    }

    static func json(_ data: SQLiteData?) -> JSONValue? {
        guard let text = data?.string else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    static func optional(_ value: Int64?) -> SQLiteData { value.map { .integer(Int($0)) } ?? .null }
}
