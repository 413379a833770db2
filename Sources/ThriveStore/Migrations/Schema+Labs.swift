import ThriveCore

extension Schema {
    /// Home test kits and their lab results (spec 001). A kit exists once the lab issues its number;
    /// a person registering it becomes its owner. A result belongs to one kit and its owner.
    static let labs = Migration(version: 31, name: "labs") { t in
        [
            """
            CREATE TABLE test_kits (
                number TEXT PRIMARY KEY,
                batch TEXT NOT NULL,
                issued_at \(t.timestamp) NOT NULL,
                owner_id \(t.uuid) REFERENCES users (id) ON DELETE SET NULL,
                registered_at \(t.timestamp),
                status TEXT NOT NULL,
                status_at \(t.timestamp) NOT NULL,
                photo \(t.bytes),
                media_type TEXT
            )
            """,
            "CREATE INDEX test_kits_owner ON test_kits (owner_id, registered_at)",
            "CREATE INDEX test_kits_batch ON test_kits (batch, number)",
            """
            CREATE TABLE test_kit_steps (
                number TEXT NOT NULL REFERENCES test_kits (number) ON DELETE CASCADE,
                status TEXT NOT NULL,
                reached_at \(t.timestamp) NOT NULL,
                PRIMARY KEY (number, status)
            )
            """,
            """
            CREATE TABLE lab_results (
                id \(t.uuid) PRIMARY KEY,
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                kit_number TEXT NOT NULL UNIQUE REFERENCES test_kits (number),
                test_date TEXT NOT NULL,
                aat_mg_dl \(t.double),
                genotype TEXT,
                lab_note TEXT,
                reported_at \(t.timestamp) NOT NULL,
                report_pdf \(t.bytes)
            )
            """,
            "CREATE INDEX lab_results_owner ON lab_results (owner_id, test_date, id)",
        ]
    }
}
