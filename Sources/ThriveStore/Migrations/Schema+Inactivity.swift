import ThriveCore

extension Schema {
    /// When each person last used Thrive, and the warnings of an inactive account's deletion. People
    /// already here count as active from the day of this migration: nothing is known before it.
    static let inactivity = Migration(version: 29, name: "inactivity") { t in
        [
            "ALTER TABLE users ADD COLUMN last_active_at \(t.timestamp)",
            t.kind == .postgres
                ? "UPDATE users SET last_active_at = now()" : "UPDATE users SET last_active_at = unixepoch('subsec')",
            """
            CREATE TABLE inactivity_warnings (
                user_id \(t.uuid) PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                first_at \(t.timestamp) NOT NULL,
                final_at \(t.timestamp)
            )
            """,
        ]
    }
}
