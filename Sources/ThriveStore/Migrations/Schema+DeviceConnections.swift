extension Schema {
    /// People's connections to device providers. The refresh token is stored sealed (AES-GCM with
    /// the operator's key, which the database never holds), so a copy of the database alone
    /// cannot pull anyone's data.
    static let deviceConnections = Migration(version: 21, name: "device connections") { t in
        [
            """
            CREATE TABLE device_connections (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                provider TEXT NOT NULL,
                scopes TEXT NOT NULL,
                state TEXT NOT NULL,
                sealed_refresh_token TEXT,
                connected_at \(t.timestamp) NOT NULL,
                last_sync_at \(t.timestamp),
                problem TEXT,
                failures \(t.integer) NOT NULL,
                records_stored \(t.integer) NOT NULL,
                UNIQUE (owner_id, provider)
            )
            """
        ]
    }
}
