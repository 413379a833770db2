import ThriveCore

extension Schema {
    /// The app lock: each person's minutes before it and PIN (no row: the default 15 minutes, no
    /// PIN), and per browser session whether it is locked and how many passkey or PIN tries failed.
    static let appLock = Migration(version: 26, name: "appLock") { t in
        [
            """
            CREATE TABLE app_locks (
                user_id \(t.uuid) PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                idle_minutes \(t.integer),
                pin_hash TEXT,
                updated_at \(t.timestamp) NOT NULL
            )
            """,
            "ALTER TABLE web_sessions ADD COLUMN locked_at \(t.timestamp)",
            "ALTER TABLE web_sessions ADD COLUMN unlock_failures \(t.integer) NOT NULL DEFAULT 0",
        ]
    }
}
