extension Schema {
    /// Achievement tiers earned. The key makes a tier earnable once per person, however many
    /// requests race to award it.
    static let achievements = Migration(version: 10, name: "achievement awards") { t in
        [
            """
            CREATE TABLE achievement_awards (
                owner_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                achievement TEXT NOT NULL,
                tier \(t.integer) NOT NULL,
                earned_on TEXT NOT NULL,
                PRIMARY KEY (owner_id, achievement, tier)
            )
            """
        ]
    }
}
