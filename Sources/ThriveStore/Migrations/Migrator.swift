import Foundation
import Logging
import SQLKit
import SQLiteNIO

/// Brings a database's schema up to date. Safe to run from several processes at once: on PostgreSQL
/// an advisory lock serialises them, on SQLite the write transaction does.
public struct Migrator: Sendable {
    let migrations: [Migration]

    public init() {
        migrations = Schema.migrations
    }

    /// The schema's history up to `version` only: a database as an older release left it.
    init(through version: Int) {
        migrations = Schema.migrations.filter { $0.version <= version }
    }

    /// The newest schema version this build knows.
    public var latestVersion: Int { migrations.map(\.version).max() ?? 0 }

    /// Applies every pending migration and returns the versions it applied (empty when up to date).
    @discardableResult
    public func migrate(_ database: Database, now: Date = Date()) async throws -> [Int] {
        let types = ColumnTypes(kind: database.kind)
        var applied: [Int] = []
        for migration in migrations.sorted(by: { $0.version < $1.version }) {
            let didApply = try await Self.retryingWhileLocked {
                try await database.write { sql in
                    try await prepareHistory(sql, types)
                    let done = try await sql.select().column("version").from("schema_migrations")
                        .where("version", .equal, migration.version).first()
                    guard done == nil else { return false }
                    for statement in migration.statements(types) {
                        try await sql.raw(SQLQueryString(statement)).run()
                    }
                    try await sql.insert(into: "schema_migrations")
                        .columns("version", "name", "applied_at")
                        .values(SQLBind(migration.version), SQLBind(migration.name), SQLBind(now))
                        .run()
                    return true
                }
            }
            if didApply { applied.append(migration.version) }
        }
        try await QuantityDayShifts.keepForEveryone(Store(database: database), now: now)
        return applied
    }

    /// Runs `step` again while another process holds SQLite's write lock for longer than the busy
    /// timeout (a second server starting beside one that is migrating a large database): starting
    /// late is fine, failing to start is not. Gives up after about a minute.
    static func retryingWhileLocked<R>(_ step: () async throws -> R) async throws -> R {
        var attempt = 0
        while true {
            do {
                return try await step()
            } catch let error as SQLiteError where [.busy, .busyTimeout, .busyInRecovery].contains(error.reason) && attempt < 12 {
                attempt += 1
                try await Task.sleep(for: .milliseconds(250 * attempt))
            }
        }
    }

    /// The versions already applied to `database`.
    public func appliedVersions(_ database: Database) async throws -> [Int] {
        let types = ColumnTypes(kind: database.kind)
        return try await Self.retryingWhileLocked {
            try await database.write { sql in
                try await prepareHistory(sql, types)
                return try await sql.select().column("version").from("schema_migrations").orderBy("version").all()
                    .map { try $0.decode(column: "version", as: Int.self) }
            }
        }
    }

    /// Serialises migrating processes and makes sure the history table exists, inside the caller's
    /// transaction. On PostgreSQL an advisory lock, held until the transaction ends, makes a second
    /// server starting at the same moment wait here; SQLite's write lock does the same on its own.
    private func prepareHistory(_ sql: any SQLDatabase, _ types: ColumnTypes) async throws {
        if types.kind == .postgres {
            try await sql.raw("SELECT pg_advisory_xact_lock(7419)").run()
        }
        try await sql.raw(
            SQLQueryString(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version \(unsafeRaw: types.integer) PRIMARY KEY, name TEXT NOT NULL, applied_at \(unsafeRaw: types.timestamp) NOT NULL)"
            )
        ).run()
    }
}
