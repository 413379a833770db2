import ThriveCore

extension Schema {
    /// A kit may be issued for a partner's program (spec 001's partner portal): the partner then
    /// counts it, in aggregates only. The counts are kept as events happen (`partner_counts`: kits
    /// and people per stage and period), because counting distinct people over hundreds of
    /// thousands of kits at every look is too slow; `partner_members` says whether a person is new
    /// to a period, and is never read by anyone but the counting.
    static let partnerKits = Migration(version: 34, name: "partner kits") { t in
        [
            "ALTER TABLE test_kits ADD COLUMN partner_id \(t.uuid) REFERENCES users (id) ON DELETE SET NULL",
            """
            CREATE TABLE partner_counts (
                partner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                stage TEXT NOT NULL,
                period TEXT NOT NULL,
                detail \(t.integer) NOT NULL,
                kits \(t.integer) NOT NULL,
                people \(t.integer) NOT NULL,
                PRIMARY KEY (partner_id, stage, period, detail)
            )
            """,
            """
            CREATE TABLE partner_members (
                partner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                stage TEXT NOT NULL,
                period TEXT NOT NULL,
                member_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                PRIMARY KEY (partner_id, stage, period, member_id)
            )
            """,
            "CREATE INDEX partner_members_member ON partner_members (member_id)",
        ]
    }
}
