extension Schema {
    /// Day totals of every quantity for the days as the person's time zone draws them, kept by the
    /// same triggers as the hours. A day in a zone offset by whole hours is 24 UTC hours starting at
    /// the same UTC hour every day until the clocks change: its `shift` (0–23). A person's shifts
    /// (London: 0 in winter, 23 in summer) are listed in `quantity_day_shifts` (see
    /// `QuantityDayShifts`), and each sample is added to its day for each of them, so a year of a
    /// metric is read as 365 rows instead of 8,760 hours grouped into days on every chart.
    static let quantityDays = Migration(version: 7, name: "daily quantity rollups per time-zone shift") { t in
        // As released: the day of an hour before 1970 came out one too high; migration 13 replaces
        // these triggers with ones that round down and mends the days they wrote.
        let truncatingDay = { (hours: String) in "(\(hours)) / 24" }
        return switch t.kind {
        case .sqlite: dayTables(t) + sqliteRollupTriggers(day: truncatingDay, replacing: true)
        case .postgres: dayTables(t) + postgresRollupFunctions(day: truncatingDay)
        }
    }

    /// The day (since 1970, in a shift's days) that a number of hours after the shift's first hour
    /// falls in, rounding down before 1970 too: `%` and `/` truncate toward zero in both engines, so
    /// the remainder is made positive and taken off first, leaving an exact division.
    static func floorDay(_ hours: String) -> String { "((\(hours)) - (((\(hours)) % 24) + 24) % 24) / 24" }

    private static func dayTables(_ t: ColumnTypes) -> [String] {
        [
            """
            CREATE TABLE quantity_day_shifts (
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                shift \(t.integer) NOT NULL,
                PRIMARY KEY (owner_id, shift)
            )
            """,
            """
            CREATE TABLE quantity_days (
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                type TEXT NOT NULL,
                shift \(t.integer) NOT NULL,
                day \(t.integer) NOT NULL,
                source_name TEXT NOT NULL,
                source_kind TEXT NOT NULL,
                total \(t.double) NOT NULL,
                low \(t.double) NOT NULL,
                high \(t.double) NOT NULL,
                n \(t.integer) NOT NULL,
                PRIMARY KEY (owner_id, type, shift, day, source_name, source_kind)
            )\(t.kind == .sqlite ? " WITHOUT ROWID" : "")
            """,
        ]
    }

    /// The days of `row` (`NEW` or `OLD`) whose `hour` falls in them, one per shift of its owner.
    private static func days(of row: String, hour: String, day: (String) -> String) -> String {
        """
        owner_id = \(row).owner_id AND type = \(row).type AND source_name = \(row).source_name \
        AND source_kind = \(row).source_kind \
        AND (shift, day) IN (SELECT s.shift, \(day("\(hour) - s.shift")) FROM quantity_day_shifts s WHERE s.owner_id = \(row).owner_id)
        """
    }

    /// Adds one sample to its day in each of its owner's shifts.
    static func addToDays(
        _ row: String, hour: String, day: (String) -> String, least: String, greatest: String
    ) -> String {
        """
        INSERT INTO quantity_days (owner_id, type, shift, day, source_name, source_kind, total, low, high, n)
        SELECT \(row).owner_id, \(row).type, s.shift, \(day("\(hour) - s.shift")), \(row).source_name, \(row).source_kind, \
        \(row).value, \(row).value, \(row).value, 1 FROM quantity_day_shifts s WHERE s.owner_id = \(row).owner_id
        ON CONFLICT (owner_id, type, shift, day, source_name, source_kind) DO UPDATE SET
        total = quantity_days.total + excluded.total, low = \(least)(quantity_days.low, excluded.low),
        high = \(greatest)(quantity_days.high, excluded.high), n = quantity_days.n + 1;
        """
    }

    /// Takes one sample out of its days. Runs after the hour's removal, so an extreme the sample
    /// held is read again from the day's remaining hours (24 rows), not its samples.
    static func removeFromDays(_ row: String, hour: String, day: (String) -> String) -> String {
        let hours = """
            FROM quantity_hours h WHERE h.owner_id = quantity_days.owner_id AND h.type = quantity_days.type \
            AND h.source_name = quantity_days.source_name AND h.source_kind = quantity_days.source_kind \
            AND h.hour >= quantity_days.day * 24 + quantity_days.shift AND h.hour < quantity_days.day * 24 + quantity_days.shift + 24
            """
        return """
            UPDATE quantity_days SET total = total - \(row).value, n = n - 1 WHERE \(days(of: row, hour: hour, day: day));
            DELETE FROM quantity_days WHERE \(days(of: row, hour: hour, day: day)) AND n <= 0;
            UPDATE quantity_days SET low = COALESCE((SELECT MIN(h.low) \(hours)), low), \
            high = COALESCE((SELECT MAX(h.high) \(hours)), high)
            WHERE \(days(of: row, hour: hour, day: day)) AND (\(row).value <= low OR \(row).value >= high);
            """
    }

    /// The SQLite triggers that keep hours and days, `day` placing an hour in its shift's day.
    /// `replacing`: drop migration 6's triggers (hours only) first; else the ones made here before.
    static func sqliteRollupTriggers(day: @escaping (String) -> String, replacing: Bool) -> [String] {
        let hour = sqliteHour
        func remove(_ row: String) -> String {
            let hour = hour("\(row).start_at")
            return Schema.remove(row, hour: hour, hourStart: "\(hour) * 3600", hourEnd: "(\(hour) + 1) * 3600")
                + removeFromDays(row, hour: hour, day: day)
        }
        let add =
            add("NEW", hour: hour("NEW.start_at"), least: "min", greatest: "max")
            + addToDays("NEW", hour: hour("NEW.start_at"), day: day, least: "min", greatest: "max")
        // While a bulk insert runs (see `DeferredRollups`), rows it inserts are added afterwards a
        // batch at a time: a trigger skips them, and a replacement of one of them.
        let inserted = "EXISTS (SELECT 1 FROM quantity_rollups_deferred d WHERE OLD.rowid > d.after_rowid)"
        let dropped =
            replacing
            ? ["quantity_hours_insert", "quantity_hours_delete", "quantity_hours_update"]
            : ["quantity_rollups_insert", "quantity_rollups_delete", "quantity_rollups_update"]
        return (replacing ? ["CREATE TABLE quantity_rollups_deferred (after_rowid INTEGER NOT NULL)"] : [])
            + dropped.map { "DROP TRIGGER \($0)" } + [
                """
                CREATE TRIGGER quantity_rollups_insert AFTER INSERT ON quantity_samples
                WHEN NOT EXISTS (SELECT 1 FROM quantity_rollups_deferred) BEGIN \(add) END
                """,
                """
                CREATE TRIGGER quantity_rollups_delete AFTER DELETE ON quantity_samples
                WHEN NOT \(inserted) BEGIN \(remove("OLD")) END
                """,
                """
                CREATE TRIGGER quantity_rollups_update AFTER UPDATE OF owner_id, type, value, start_at, source_name, source_kind
                ON quantity_samples WHEN NOT \(inserted) BEGIN \(remove("OLD")) \(add) END
                """,
            ]
    }

    /// The trigger functions of migration 6, (re)placed with ones that keep the days too.
    static func postgresRollupFunctions(day: @escaping (String) -> String) -> [String] {
        let hour = postgresHour
        func remove(_ row: String) -> String {
            let hour = hour("\(row).start_at")
            return Schema.remove(
                row, hour: hour, hourStart: "to_timestamp(\(hour) * 3600)", hourEnd: "to_timestamp((\(hour) + 1) * 3600)")
                + removeFromDays(row, hour: hour, day: day)
        }
        let add =
            add("NEW", hour: hour("NEW.start_at"), least: "LEAST", greatest: "GREATEST")
            + addToDays("NEW", hour: hour("NEW.start_at"), day: day, least: "LEAST", greatest: "GREATEST")
        func function(_ name: String, _ body: String) -> String {
            "CREATE OR REPLACE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \(body) RETURN NULL; END $$"
        }
        return [
            function("quantity_hours_add", add),
            function("quantity_hours_remove", remove("OLD")),
            function("quantity_hours_replace", remove("OLD") + " " + add),
        ]
    }
}
