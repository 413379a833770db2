extension Schema {
    /// Roles an operator grants (a `creator` brands a coaching space), and who coaches whom: a
    /// person is with at most one creator, and `shares_entries` is the person's own choice to let
    /// that creator see more than totals.
    static let creators = Migration(version: 12, name: "account roles and creator members") { t in
        [
            """
            CREATE TABLE account_roles (
                user_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                role TEXT NOT NULL,
                PRIMARY KEY (user_id, role)
            )
            """,
            """
            CREATE TABLE creator_members (
                member_id \(t.uuid) PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                creator_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                shares_entries \(t.integer) NOT NULL,
                joined_at \(t.timestamp) NOT NULL
            )
            """,
            "CREATE INDEX creator_members_creator ON creator_members (creator_id)",
        ]
    }
}
