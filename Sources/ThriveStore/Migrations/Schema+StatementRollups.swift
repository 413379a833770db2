extension Schema {
    /// PostgreSQL adds inserted samples to the hourly and daily rollups once per statement, grouped,
    /// from the statement's inserted rows (a transition table), instead of two upserts per sample:
    /// an import's 30,000-value statement touches a few hundred hours, not thousands of rows one by
    /// one. Replacements and deletions keep their row triggers (rare, and each needs its old row).
    /// SQLite has no transition tables; it defers its rows' triggers instead (`DeferredRollups`).
    static let statementRollups = Migration(version: 20, name: "rollups of inserted samples a statement at a time") { t in
        guard t.kind == .postgres else { return [] }
        let hour = postgresHour("i.start_at")
        let day = floorDay("\(hour) - s.shift")
        let body = insertedRollups(hour: hour, day: day)
        return [
            "DROP TRIGGER quantity_hours_insert ON quantity_samples",
            "CREATE FUNCTION quantity_rollups_add_inserted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \(body) RETURN NULL; END $$",
            """
            CREATE TRIGGER quantity_rollups_insert AFTER INSERT ON quantity_samples REFERENCING NEW TABLE AS inserted
            FOR EACH STATEMENT EXECUTE FUNCTION quantity_rollups_add_inserted()
            """,
        ]
    }

    /// The hours and days of a statement's inserted samples (`inserted`, its transition table),
    /// added to the rollups grouped.
    static func insertedRollups(hour: String, day: String) -> String {
        """
        INSERT INTO quantity_hours (owner_id, type, hour, source_name, source_kind, total, low, high, n)
        SELECT i.owner_id, i.type, \(hour), i.source_name, i.source_kind, SUM(i.value), MIN(i.value), MAX(i.value), COUNT(*)
        FROM inserted i GROUP BY i.owner_id, i.type, \(hour), i.source_name, i.source_kind
        ON CONFLICT (owner_id, type, hour, source_name, source_kind) DO UPDATE SET
        total = quantity_hours.total + excluded.total, low = LEAST(quantity_hours.low, excluded.low),
        high = GREATEST(quantity_hours.high, excluded.high), n = quantity_hours.n + excluded.n;
        INSERT INTO quantity_days (owner_id, type, shift, day, source_name, source_kind, total, low, high, n)
        SELECT i.owner_id, i.type, s.shift, \(day), i.source_name, i.source_kind, SUM(i.value), MIN(i.value), MAX(i.value),
        COUNT(*) FROM inserted i JOIN quantity_day_shifts s ON s.owner_id = i.owner_id
        GROUP BY i.owner_id, i.type, s.shift, \(day), i.source_name, i.source_kind
        ON CONFLICT (owner_id, type, shift, day, source_name, source_kind) DO UPDATE SET
        total = quantity_days.total + excluded.total, low = LEAST(quantity_days.low, excluded.low),
        high = GREATEST(quantity_days.high, excluded.high), n = quantity_days.n + excluded.n;
        """
    }
}
