import ThriveCore

extension Schema {
    /// A person letting family members see their lab results: an invitation by e-mail, accepted by
    /// the account with that e-mail, ended by either side.
    static let familyShares = Migration(version: 35, name: "family shares") { t in
        [
            """
            CREATE TABLE family_shares (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                email TEXT NOT NULL,
                viewer_id \(t.uuid) REFERENCES users (id) ON DELETE CASCADE,
                invited_at \(t.timestamp) NOT NULL,
                accepted_at \(t.timestamp),
                ended_at \(t.timestamp),
                ended_by \(t.uuid)
            )
            """,
            "CREATE INDEX family_shares_owner ON family_shares (owner_id, invited_at)",
            "CREATE INDEX family_shares_viewer ON family_shares (viewer_id, owner_id)",
            "CREATE INDEX family_shares_email ON family_shares (email)",
        ]
    }
}
