extension Schema {
    /// Devices that receive pushes, and the server's own keys (the VAPID key every server process
    /// shares, so a subscription made through one is pushed to by all).
    static let pushDevices = Migration(version: 18, name: "push devices and server keys") { t in
        [
            """
            CREATE TABLE push_devices (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                channel TEXT NOT NULL,
                token TEXT NOT NULL UNIQUE,
                p256dh TEXT,
                auth TEXT,
                platform TEXT NOT NULL,
                os_version TEXT,
                app_version TEXT,
                muted_categories TEXT NOT NULL,
                registered_at \(t.timestamp) NOT NULL
            )
            """,
            "CREATE INDEX push_devices_owner ON push_devices (owner_id)",
            """
            CREATE TABLE server_keys (
                name TEXT PRIMARY KEY,
                value TEXT NOT NULL,
                created_at \(t.timestamp) NOT NULL
            )
            """,
        ]
    }
}
