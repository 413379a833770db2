extension Schema {
    /// Migration 7's triggers put an hour before 1970 in the day after its own (integer division
    /// truncates toward zero), and a later deletion of that reading then failed. These triggers
    /// round down; the day totals they wrote (day 0 and before) are read again from the hours.
    static let daysBefore1970 = Migration(version: 13, name: "day totals before 1970 round down") { t in
        let triggers =
            switch t.kind {
            case .sqlite: sqliteRollupTriggers(day: floorDay, replacing: false)
            case .postgres: postgresRollupFunctions(day: floorDay)
            }
        return triggers + [
            "DELETE FROM quantity_days WHERE day <= 0",
            """
            INSERT INTO quantity_days (owner_id, type, shift, day, source_name, source_kind, total, low, high, n)
            SELECT h.owner_id, h.type, s.shift, \(floorDay("h.hour - s.shift")), h.source_name, h.source_kind,
            SUM(h.total), MIN(h.low), MAX(h.high), SUM(h.n)
            FROM quantity_hours h JOIN quantity_day_shifts s ON s.owner_id = h.owner_id
            WHERE h.hour < s.shift + 24
            GROUP BY h.owner_id, h.type, s.shift, \(floorDay("h.hour - s.shift")), h.source_name, h.source_kind
            """,
        ]
    }
}
