import ThriveCore

extension Schema {
    /// The genetic counselor chat: who looks after whom, and each person's conversation.
    static let counseling = Migration(version: 36, name: "counselor chat") { t in
        [
            """
            CREATE TABLE counselor_assignments (
                person_id \(t.uuid) PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                counselor_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                assigned_at \(t.timestamp) NOT NULL
            )
            """,
            "CREATE INDEX counselor_assignments_counselor ON counselor_assignments (counselor_id)",
            """
            CREATE TABLE counselor_messages (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                author TEXT NOT NULL,
                counselor_id \(t.uuid) REFERENCES users (id) ON DELETE SET NULL,
                counselor_name TEXT,
                text TEXT NOT NULL,
                created_at \(t.timestamp) NOT NULL,
                read_at \(t.timestamp)
            )
            """,
            "CREATE INDEX counselor_messages_owner ON counselor_messages (owner_id, created_at)",
        ]
    }
}
