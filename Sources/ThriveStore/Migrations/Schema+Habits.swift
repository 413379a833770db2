extension Schema {
    /// Habits and their days. A habit keeps its streak folded up to a day (`streak`, JSON of
    /// `HabitStreak`), so today's streak never needs years of check-ins. A check-in is one row per
    /// habit and local day; tapping again updates it.
    static let habits = Migration(version: 9, name: "habits and habit check-ins") { t in
        [
            """
            CREATE TABLE habits (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                icon TEXT NOT NULL,
                measure TEXT NOT NULL,
                target \(t.integer) NOT NULL,
                unit TEXT,
                weekdays TEXT,
                times_per_week \(t.integer),
                reminder_minutes \(t.integer),
                status TEXT NOT NULL,
                started_on TEXT NOT NULL,
                pauses TEXT NOT NULL,
                streak TEXT NOT NULL,
                created_at \(t.timestamp) NOT NULL
            )
            """,
            "CREATE INDEX habits_owner ON habits (owner_id, created_at)",
            """
            CREATE TABLE habit_check_ins (
                habit_id \(t.uuid) NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                day TEXT NOT NULL,
                state TEXT NOT NULL,
                amount \(t.integer) NOT NULL,
                recorded_at \(t.timestamp) NOT NULL,
                PRIMARY KEY (habit_id, day)
            )
            """,
            "CREATE INDEX habit_check_ins_owner_day ON habit_check_ins (owner_id, day)",
        ]
    }
}
