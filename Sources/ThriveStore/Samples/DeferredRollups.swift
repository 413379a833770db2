import SQLKit

/// A large import into SQLite adds its samples to the hourly and daily rollups once, grouped,
/// after the inserts, instead of one trigger upsert per sample per rollup: a year of minute-level
/// heart rate touches 8,760 hours, not 525,600. The inserts and the rollups share the caller's
/// transaction, so either both land or neither does. (PostgreSQL adds a statement's inserted rows at once: migration 20.) The
/// groups are keyed hour first, so sorting them mostly compares integers.
enum DeferredRollups {
    /// Fewer samples than this are added by the triggers as they are inserted.
    static let threshold = 256

    static func around(_ session: DatabaseSession, count: Int, _ insert: () async throws -> Void) async throws {
        guard session.kind == .sqlite, count >= threshold else { return try await insert() }
        let sql = session.sql
        let after =
            try await sql.raw("SELECT COALESCE(MAX(rowid), 0) AS after_rowid FROM quantity_samples").first()?
            .decode(column: "after_rowid", as: Int.self) ?? 0
        try await sql.raw("INSERT INTO quantity_rollups_deferred (after_rowid) VALUES (\(bind: after))").run()
        try await insert()
        let hour = Schema.sqliteHour("q.start_at")
        let day = Schema.floorDay("\(hour) - s.shift")
        try await sql.raw(
            """
            INSERT INTO quantity_hours (owner_id, type, hour, source_name, source_kind, total, low, high, n) \
            SELECT q.owner_id, q.type, \(unsafeRaw: hour), q.source_name, q.source_kind, SUM(q.value), MIN(q.value), \
            MAX(q.value), COUNT(*) FROM quantity_samples q WHERE q.rowid > \(bind: after) \
            GROUP BY \(unsafeRaw: hour), q.type, q.source_name, q.source_kind, q.owner_id \
            ON CONFLICT (owner_id, type, hour, source_name, source_kind) DO UPDATE SET \
            total = quantity_hours.total + excluded.total, low = min(quantity_hours.low, excluded.low), \
            high = max(quantity_hours.high, excluded.high), n = quantity_hours.n + excluded.n
            """
        ).run()
        try await sql.raw(
            """
            INSERT INTO quantity_days (owner_id, type, shift, day, source_name, source_kind, total, low, high, n) \
            SELECT q.owner_id, q.type, s.shift, \(unsafeRaw: day), q.source_name, q.source_kind, \
            SUM(q.value), MIN(q.value), MAX(q.value), COUNT(*) \
            FROM quantity_samples q JOIN quantity_day_shifts s ON s.owner_id = q.owner_id WHERE q.rowid > \(bind: after) \
            GROUP BY \(unsafeRaw: day), s.shift, q.type, q.source_name, q.source_kind, q.owner_id \
            ON CONFLICT (owner_id, type, shift, day, source_name, source_kind) DO UPDATE SET \
            total = quantity_days.total + excluded.total, low = min(quantity_days.low, excluded.low), \
            high = max(quantity_days.high, excluded.high), n = quantity_days.n + excluded.n
            """
        ).run()
        try await sql.raw("DELETE FROM quantity_rollups_deferred").run()
    }
}
