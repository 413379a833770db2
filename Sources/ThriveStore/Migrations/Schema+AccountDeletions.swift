import ThriveCore

extension Schema {
    /// Deletions a person asked for, waiting out their cooling-off.
    static let accountDeletions = Migration(version: 27, name: "accountDeletions") { t in
        [
            """
            CREATE TABLE account_deletions (
                user_id \(t.uuid) PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                requested_at \(t.timestamp) NOT NULL
            )
            """
        ]
    }
}
