extension Schema {
    /// A creator's own badges earned by a person in their space, once each, from the day they
    /// joined; kept when the person leaves (they earned them).
    static let creatorBadgeAwards = Migration(version: 15, name: "creator badge awards") { t in
        [
            """
            CREATE TABLE creator_badge_awards (
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                creator_id \(t.uuid) NOT NULL,
                badge_id TEXT NOT NULL,
                name TEXT NOT NULL,
                icon TEXT NOT NULL,
                earned_on TEXT NOT NULL,
                PRIMARY KEY (owner_id, creator_id, badge_id)
            )
            """
        ]
    }
}
