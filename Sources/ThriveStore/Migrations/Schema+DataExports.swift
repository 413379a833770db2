import ThriveCore

extension Schema {
    /// Copies of their data people asked for: built by a job, downloadable for seven days.
    static let dataExports = Migration(version: 28, name: "dataExports") { t in
        [
            """
            CREATE TABLE data_exports (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                requested_at \(t.timestamp) NOT NULL,
                state TEXT NOT NULL,
                started_at \(t.timestamp),
                finished_at \(t.timestamp),
                records \(t.integer),
                bytes \(t.integer)
            )
            """,
            "CREATE INDEX data_exports_owner ON data_exports (owner_id, requested_at)",
        ]
    }
}
