import ThriveCore

extension Schema {
    /// Links a person gives a provider to read chosen lab results, and every opening of them. The
    /// link's secret is stored as its SHA-256 only.
    static let labShares = Migration(version: 32, name: "lab shares") { t in
        [
            """
            CREATE TABLE lab_shares (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                token_hash TEXT NOT NULL UNIQUE,
                label TEXT,
                result_ids TEXT,
                created_at \(t.timestamp) NOT NULL,
                expires_at \(t.timestamp) NOT NULL,
                revoked_at \(t.timestamp)
            )
            """,
            "CREATE INDEX lab_shares_owner ON lab_shares (owner_id, created_at)",
            """
            CREATE TABLE lab_share_views (
                share_id \(t.uuid) NOT NULL REFERENCES lab_shares (id) ON DELETE CASCADE,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                viewed_at \(t.timestamp) NOT NULL,
                kind TEXT NOT NULL
            )
            """,
            "CREATE INDEX lab_share_views_share ON lab_share_views (share_id, viewed_at)",
        ]
    }
}
