import ThriveCore

extension Schema {
    /// Google and Apple accounts linked to Thrive accounts: one per provider per person, and a
    /// provider account opens only one Thrive account.
    static let accountIdentities = Migration(version: 30, name: "accountIdentities") { t in
        [
            """
            CREATE TABLE account_identities (
                provider TEXT NOT NULL,
                subject TEXT NOT NULL,
                user_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                email TEXT,
                linked_at \(t.timestamp) NOT NULL,
                PRIMARY KEY (provider, subject),
                UNIQUE (user_id, provider)
            )
            """
        ]
    }
}
