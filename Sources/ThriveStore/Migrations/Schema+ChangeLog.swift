extension Schema {
    /// The change log behind sync. `change_counters` holds each person's last sequence number; every
    /// write bumps it first (which on PostgreSQL also queues a person's writers one behind another,
    /// so sequence order is commit order and a reader can never skip a change still in flight), then
    /// logs its changes under the numbers it reserved. `sync_receipts` makes a client's change
    /// idempotent; `sync_history` keeps every version a conflict or a deletion set aside.
    static let changeLog = Migration(version: 8, name: "change log, sync receipts and conflict history") { t in
        [
            """
            CREATE TABLE change_counters (
                owner_id \(t.uuid) PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                last_seq \(t.integer) NOT NULL
            )
            """,
            """
            CREATE TABLE change_log (
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                seq \(t.integer) NOT NULL,
                kind TEXT NOT NULL,
                record_id \(t.uuid),
                deleted \(t.integer) NOT NULL,
                detail TEXT,
                PRIMARY KEY (owner_id, seq)
            )
            """,
            "CREATE INDEX change_log_record ON change_log (owner_id, kind, record_id, seq)",
            """
            CREATE TABLE sync_receipts (
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                change_id \(t.uuid) NOT NULL,
                kind TEXT NOT NULL,
                record_id \(t.uuid) NOT NULL,
                version \(t.integer) NOT NULL,
                received_at \(t.timestamp) NOT NULL,
                PRIMARY KEY (owner_id, change_id)
            )
            """,
            """
            CREATE TABLE sync_history (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                record_id \(t.uuid) NOT NULL,
                version \(t.integer),
                side TEXT NOT NULL,
                reason TEXT NOT NULL,
                body TEXT NOT NULL,
                kept_at \(t.timestamp) NOT NULL
            )
            """,
            "CREATE INDEX sync_history_record ON sync_history (owner_id, kind, record_id, kept_at)",
        ]
    }
}
