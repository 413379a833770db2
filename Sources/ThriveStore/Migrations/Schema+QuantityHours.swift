import ThriveCore

extension Schema {
    /// Sums, extremes and counts of every quantity per source and UTC hour, kept by triggers in the
    /// same transaction as each insert, replacement and deletion of a sample, whichever path wrote
    /// it. A year of minute-level heart rate is half a million readings but under nine thousand
    /// hours, so day totals read these rows (see `SQLDailyMetricsRepository`). Hours, not days:
    /// a day depends on the person's time zone, and an hour boundary is a day boundary in every zone
    /// offset by whole hours.
    static let quantityHours = Migration(version: 6, name: "hourly quantity rollups kept by triggers") { t in
        switch t.kind {
        case .sqlite: sqliteQuantityHours(t)
        case .postgres: postgresQuantityHours(t)
        }
    }

    /// In SQLite the rows are stored in key order (`WITHOUT ROWID`), so a range of hours is read
    /// in one pass instead of a lookup per row.
    private static func table(_ t: ColumnTypes) -> String {
        """
        CREATE TABLE quantity_hours (
            owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            type TEXT NOT NULL,
            hour \(t.integer) NOT NULL,
            source_name TEXT NOT NULL,
            source_kind TEXT NOT NULL,
            total \(t.double) NOT NULL,
            low \(t.double) NOT NULL,
            high \(t.double) NOT NULL,
            n \(t.integer) NOT NULL,
            PRIMARY KEY (owner_id, type, hour, source_name, source_kind)
        )\(t.kind == .sqlite ? " WITHOUT ROWID" : "")
        """
    }

    /// Fills the table from the samples already stored.
    private static func backfill(hourOf start: String) -> String {
        """
        INSERT INTO quantity_hours (owner_id, type, hour, source_name, source_kind, total, low, high, n)
        SELECT owner_id, type, \(start), source_name, source_kind, SUM(value), MIN(value), MAX(value), COUNT(*)
        FROM quantity_samples GROUP BY owner_id, type, \(start), source_name, source_kind
        """
    }

    /// The hour's row of `row` (`NEW` or `OLD`).
    private static func key(_ row: String, hour: String) -> String {
        """
        owner_id = \(row).owner_id AND type = \(row).type AND hour = \(hour) \
        AND source_name = \(row).source_name AND source_kind = \(row).source_kind
        """
    }

    /// Adds one sample to its hour.
    static func add(_ row: String, hour: String, least: String, greatest: String) -> String {
        """
        INSERT INTO quantity_hours (owner_id, type, hour, source_name, source_kind, total, low, high, n)
        VALUES (\(row).owner_id, \(row).type, \(hour), \(row).source_name, \(row).source_kind, \(row).value, \(row).value, \(row).value, 1)
        ON CONFLICT (owner_id, type, hour, source_name, source_kind) DO UPDATE SET
        total = quantity_hours.total + excluded.total, low = \(least)(quantity_hours.low, excluded.low),
        high = \(greatest)(quantity_hours.high, excluded.high), n = quantity_hours.n + 1;
        """
    }

    /// Takes one sample out of its hour. The sum and count step back; an extreme is read again from
    /// the hour's remaining samples only when the removed value was that extreme. PostgreSQL runs
    /// a statement's row triggers at its end: when one statement deletes every sample of an hour,
    /// the first triggers find none left, keep the old extreme, and the last one deletes the hour.
    static func remove(_ row: String, hour: String, hourStart: String, hourEnd: String) -> String {
        let samples = """
            FROM quantity_samples q WHERE q.owner_id = \(row).owner_id AND q.type = \(row).type \
            AND q.source_name = \(row).source_name AND q.source_kind = \(row).source_kind \
            AND q.start_at >= \(hourStart) AND q.start_at < \(hourEnd)
            """
        return """
            UPDATE quantity_hours SET total = total - \(row).value, n = n - 1 WHERE \(key(row, hour: hour));
            DELETE FROM quantity_hours WHERE \(key(row, hour: hour)) AND n <= 0;
            UPDATE quantity_hours SET low = COALESCE((SELECT MIN(q.value) \(samples)), low), \
            high = COALESCE((SELECT MAX(q.value) \(samples)), high)
            WHERE \(key(row, hour: hour)) AND (\(row).value <= low OR \(row).value >= high);
            """
    }

    /// Seconds since 1970 (REAL) to whole hours, rounding down also before 1970.
    static func sqliteHour(_ start: String) -> String {
        "(CAST(\(start) / 3600 AS INTEGER) - (\(start) < 0 AND \(start) <> CAST(\(start) / 3600 AS INTEGER) * 3600))"
    }

    static func postgresHour(_ start: String) -> String { "FLOOR(EXTRACT(EPOCH FROM \(start)) / 3600)::BIGINT" }

    private static func sqliteQuantityHours(_ t: ColumnTypes) -> [String] {
        let hour = sqliteHour
        func remove(_ row: String) -> String {
            let hour = hour("\(row).start_at")
            return Schema.remove(row, hour: hour, hourStart: "\(hour) * 3600", hourEnd: "(\(hour) + 1) * 3600")
        }
        let add = add("NEW", hour: hour("NEW.start_at"), least: "min", greatest: "max")
        return [
            table(t),
            backfill(hourOf: hour("start_at")),
            "CREATE TRIGGER quantity_hours_insert AFTER INSERT ON quantity_samples BEGIN \(add) END",
            "CREATE TRIGGER quantity_hours_delete AFTER DELETE ON quantity_samples BEGIN \(remove("OLD")) END",
            """
            CREATE TRIGGER quantity_hours_update AFTER UPDATE OF owner_id, type, value, start_at, source_name, source_kind
            ON quantity_samples BEGIN \(remove("OLD")) \(add) END
            """,
        ]
    }

    private static func postgresQuantityHours(_ t: ColumnTypes) -> [String] {
        let hour = postgresHour
        func remove(_ row: String) -> String {
            let hour = hour("\(row).start_at")
            return Schema.remove(
                row, hour: hour, hourStart: "to_timestamp(\(hour) * 3600)", hourEnd: "to_timestamp((\(hour) + 1) * 3600)")
        }
        let add = add("NEW", hour: hour("NEW.start_at"), least: "LEAST", greatest: "GREATEST")
        // Row triggers in PostgreSQL run at the end of their statement, so a removal's fresh look at
        // the hour already sees the statement's other changes.
        func function(_ name: String, _ body: String) -> String {
            "CREATE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \(body) RETURN NULL; END $$"
        }
        return [
            table(t),
            backfill(hourOf: hour("start_at")),
            function("quantity_hours_add", add),
            function("quantity_hours_remove", remove("OLD")),
            function("quantity_hours_replace", remove("OLD") + " " + add),
            "CREATE TRIGGER quantity_hours_insert AFTER INSERT ON quantity_samples FOR EACH ROW EXECUTE FUNCTION quantity_hours_add()",
            "CREATE TRIGGER quantity_hours_delete AFTER DELETE ON quantity_samples FOR EACH ROW EXECUTE FUNCTION quantity_hours_remove()",
            """
            CREATE TRIGGER quantity_hours_update AFTER UPDATE OF owner_id, type, value, start_at, source_name, source_kind
            ON quantity_samples FOR EACH ROW EXECUTE FUNCTION quantity_hours_replace()
            """,
        ]
    }
}
