import Foundation
import SQLKit
import ThriveCore

/// A creator's badge as a person earned it: its name and icon as they were that day (a creator may
/// rename or remove a badge later; what was earned stays).
public struct CreatorBadgeAward: Hashable, Sendable {
    public let creator: UserID
    public let badgeID: String
    public let name: String
    public let icon: String
    public let earnedOn: LocalDate

    public init(creator: UserID, badgeID: String, name: String, icon: String, earnedOn: LocalDate) {
        self.creator = creator
        self.badgeID = badgeID
        self.name = name
        self.icon = icon
        self.earnedOn = earnedOn
    }
}

/// One person's creator badges.
public protocol CreatorBadgeAwardRepository: Sendable {
    /// Every one earned, oldest first.
    func all() async throws -> [CreatorBadgeAward]
    /// Stores the badges not earned before and answers with those.
    func award(_ awards: [CreatorBadgeAward]) async throws -> [CreatorBadgeAward]
}

struct SQLCreatorBadgeAwardRepository: CreatorBadgeAwardRepository {
    let sql: any SQLDatabase
    let owner: UserID

    func all() async throws -> [CreatorBadgeAward] {
        try await sql.select().columns("creator_id", "badge_id", "name", "icon", "earned_on").from("creator_badge_awards")
            .where("owner_id", .equal, owner.rawValue).orderBy("earned_on").orderBy("badge_id").all()
            .compactMap { row in
                guard let day = LocalDate(iso8601: try row.decode(column: "earned_on", as: String.self)) else { return nil }
                return CreatorBadgeAward(
                    creator: UserID(try row.uuid("creator_id")),
                    badgeID: try row.decode(column: "badge_id", as: String.self),
                    name: try row.decode(column: "name", as: String.self),
                    icon: try row.decode(column: "icon", as: String.self), earnedOn: day)
            }
    }

    func award(_ awards: [CreatorBadgeAward]) async throws -> [CreatorBadgeAward] {
        var added: [CreatorBadgeAward] = []
        for award in awards {
            let rows = try await sql.insert(into: "creator_badge_awards")
                .columns("owner_id", "creator_id", "badge_id", "name", "icon", "earned_on")
                .values(
                    owner.rawValue, award.creator.rawValue, award.badgeID, award.name, award.icon, award.earnedOn.iso8601
                )
                .ignoringConflicts(with: ["owner_id", "creator_id", "badge_id"])
                .returning("badge_id").all()
            if !rows.isEmpty { added.append(award) }
        }
        return added
    }
}
