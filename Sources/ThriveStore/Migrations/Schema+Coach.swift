extension Schema {
    /// The conversation with the coach. `seq` numbers a person's messages in the order they were
    /// said and is the cursor for paging; a day's opening message holds `opening_day`, which the key
    /// keeps to one a day however many tabs open the chat at once. Attached images stay in the
    /// database, with the person's other data.
    static let coach = Migration(version: 11, name: "coach messages and attachments") { t in
        [
            """
            CREATE TABLE coach_attachments (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                media_type TEXT NOT NULL,
                bytes \(t.bytes) NOT NULL,
                created_at \(t.timestamp) NOT NULL
            )
            """,
            "CREATE INDEX coach_attachments_owner ON coach_attachments (owner_id)",
            """
            CREATE TABLE coach_messages (
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                seq \(t.integer) NOT NULL,
                id \(t.uuid) NOT NULL UNIQUE,
                author TEXT NOT NULL,
                body TEXT NOT NULL,
                quick_replies TEXT,
                habit_check TEXT,
                payload TEXT,
                attachment_id \(t.uuid) REFERENCES coach_attachments (id) ON DELETE SET NULL,
                opening_day TEXT,
                created_at \(t.timestamp) NOT NULL,
                delivered_at \(t.timestamp),
                read_at \(t.timestamp),
                PRIMARY KEY (owner_id, seq),
                UNIQUE (owner_id, opening_day)
            )
            """,
        ]
    }
}
