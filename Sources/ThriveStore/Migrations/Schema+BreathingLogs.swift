import ThriveCore

extension Schema {
    /// Quick logs of breathing symptoms, each rated 0 (none) to 3 (severe), shown on the lab
    /// results' timeline.
    static let breathingLogs = Migration(version: 33, name: "breathing logs") { t in
        [
            """
            CREATE TABLE breathing_logs (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                day TEXT NOT NULL,
                recorded_at \(t.timestamp) NOT NULL,
                cough \(t.integer) NOT NULL,
                breathlessness \(t.integer) NOT NULL,
                wheeze \(t.integer) NOT NULL,
                exercise_tolerance \(t.integer) NOT NULL,
                note TEXT
            )
            """,
            "CREATE INDEX breathing_logs_owner ON breathing_logs (owner_id, day, recorded_at)",
        ]
    }
}
