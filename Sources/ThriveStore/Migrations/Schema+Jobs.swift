extension Schema {
    /// Background jobs. The idempotency key is unique, so a job is made once however many servers
    /// plan it; a lease marks who runs it and until when, so a crashed runner's jobs are taken up
    /// again after it lapses.
    static let jobs = Migration(version: 17, name: "background jobs") { t in
        [
            """
            CREATE TABLE jobs (
                id \(t.uuid) PRIMARY KEY,
                kind TEXT NOT NULL,
                owner_id \(t.uuid) REFERENCES users (id) ON DELETE CASCADE,
                due_at \(t.timestamp) NOT NULL,
                payload TEXT NOT NULL,
                idempotency_key TEXT NOT NULL UNIQUE,
                attempts \(t.integer) NOT NULL,
                last_error TEXT,
                lease_holder TEXT,
                lease_until \(t.timestamp),
                done_at \(t.timestamp)
            )
            """,
            "CREATE INDEX jobs_waiting ON jobs (due_at) WHERE done_at IS NULL",
        ]
    }
}
