extension Schema {
    /// The notification center. A key is unique per person, so a notification is made once however
    /// many requests or server processes find its cause at the same moment.
    static let notifications = Migration(version: 16, name: "notification center") { t in
        [
            """
            CREATE TABLE notifications (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                notification_key TEXT NOT NULL,
                title TEXT NOT NULL,
                body TEXT NOT NULL,
                link TEXT NOT NULL,
                created_at \(t.timestamp) NOT NULL,
                read_at \(t.timestamp)
            )
            """,
            "CREATE UNIQUE INDEX notifications_key ON notifications (owner_id, notification_key)",
            "CREATE INDEX notifications_owner_created ON notifications (owner_id, created_at)",
        ]
    }
}
