extension Schema {
    /// Files people gave Thrive to import, with their progress and summary.
    static let dataImports = Migration(version: 19, name: "data imports") { t in
        [
            """
            CREATE TABLE data_imports (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                source TEXT NOT NULL,
                file_name TEXT NOT NULL,
                file_bytes \(t.integer) NOT NULL,
                state TEXT NOT NULL,
                bytes_read \(t.integer) NOT NULL,
                bytes_total \(t.integer),
                records_stored \(t.integer) NOT NULL,
                added \(t.integer),
                summary TEXT,
                failure TEXT,
                failure_line \(t.integer),
                notes TEXT NOT NULL,
                created_at \(t.timestamp) NOT NULL,
                started_at \(t.timestamp),
                finished_at \(t.timestamp)
            )
            """,
            "CREATE INDEX data_imports_owner ON data_imports (owner_id, created_at)",
        ]
    }
}
