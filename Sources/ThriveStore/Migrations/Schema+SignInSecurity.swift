import ThriveCore

extension Schema {
    /// Failed sign-ins counted with growing delays (the lock follows from the count, so nothing is
    /// stored for it); the devices a person signed in from, which keep their own count; and a name
    /// for each browser session, for the list of signed-in devices; and the one-time links sent by
    /// e-mail (a password reset, a new address to confirm), kept as hashes; the second factor (an
    /// authenticator app's secret, sealed, and recovery codes, hashed).
    static let signInSecurity = Migration(
        version: 24, name: "sign-in throttle with delays, known devices, session names, e-mailed links"
    ) { t in
        [
            "DROP TABLE login_failures",
            """
            CREATE TABLE login_failures (
                throttle_key TEXT PRIMARY KEY,
                failures \(t.integer) NOT NULL,
                last_failure_at \(t.timestamp) NOT NULL
            )
            """,
            """
            CREATE TABLE known_devices (
                token_hash TEXT PRIMARY KEY,
                user_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                created_at \(t.timestamp) NOT NULL,
                last_used_at \(t.timestamp) NOT NULL
            )
            """,
            "CREATE INDEX known_devices_user ON known_devices (user_id)",
            "ALTER TABLE web_sessions ADD COLUMN device_name TEXT",
            """
            CREATE TABLE account_links (
                token_hash TEXT PRIMARY KEY,
                user_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                purpose TEXT NOT NULL,
                new_email TEXT,
                created_at \(t.timestamp) NOT NULL,
                expires_at \(t.timestamp) NOT NULL,
                used_at \(t.timestamp)
            )
            """,
            "CREATE INDEX account_links_user ON account_links (user_id, purpose)",
            """
            CREATE TABLE second_factors (
                user_id \(t.uuid) PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                sealed_secret TEXT NOT NULL,
                created_at \(t.timestamp) NOT NULL,
                enabled_at \(t.timestamp),
                last_used_step \(t.integer)
            )
            """,
            """
            CREATE TABLE recovery_codes (
                user_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                code_hash TEXT NOT NULL,
                used_at \(t.timestamp),
                PRIMARY KEY (user_id, code_hash)
            )
            """,
        ]
    }
}
