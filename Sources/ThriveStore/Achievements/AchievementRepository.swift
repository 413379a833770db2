import Foundation
import SQLKit
import ThriveCore

/// One person's earned achievement tiers.
public protocol AchievementRepository: Sendable {
    var owner: UserID { get }
    /// Every tier earned, oldest first.
    func all() async throws -> [AchievementAward]
    /// Stores the tiers not earned before and answers with those; a tier already held stays as
    /// it was (the day it was first earned).
    func award(_ awards: [AchievementAward]) async throws -> [AchievementAward]
}

struct SQLAchievementRepository: AchievementRepository {
    let sql: any SQLDatabase
    let owner: UserID

    func all() async throws -> [AchievementAward] {
        try await sql.select().columns("achievement", "tier", "earned_on").from("achievement_awards")
            .where("owner_id", .equal, owner.rawValue).orderBy("earned_on").orderBy("achievement").orderBy("tier")
            .all().compactMap { row in
                guard let achievement = Achievement(rawValue: try row.decode(column: "achievement", as: String.self)),
                    let day = LocalDate(iso8601: try row.decode(column: "earned_on", as: String.self))
                else { return nil }
                return AchievementAward(
                    achievement: achievement, tier: try row.decode(column: "tier", as: Int.self), earnedOn: day)
            }
    }

    func award(_ awards: [AchievementAward]) async throws -> [AchievementAward] {
        var added: [AchievementAward] = []
        for award in awards {
            let rows = try await sql.insert(into: "achievement_awards")
                .columns("owner_id", "achievement", "tier", "earned_on")
                .values(owner.rawValue, award.achievement.rawValue, award.tier, award.earnedOn.iso8601)
                .ignoringConflicts(with: ["owner_id", "achievement", "tier"])
                .returning("tier").all()
            if !rows.isEmpty { added.append(award) }
        }
        return added
    }
}
