import Foundation
import SQLKit
import ThriveCore

/// What an account may do beyond keeping its own data.
public enum AccountRole: String, Hashable, Sendable, CaseIterable {
    /// Brands a coaching space and sees how the people in it do, in totals.
    case creator
    /// A testing lab: issues test kits, moves them along and posts their results (spec 001). Sees
    /// kits and the results it posts, nothing else of anyone.
    case lab
    /// An insurer's wellness coordinator (spec 001's partner portal): sees their program's kits
    /// in de-identified aggregates, never a person or a result.
    case partner
    /// A genetic counselor (spec 001, phase 3): answers the people assigned to them in a chat, as
    /// themselves, and reads nothing of anyone else.
    case counselor
}

/// A person with a creator.
public struct CreatorMembership: Hashable, Sendable {
    public let member: UserID
    public let creator: UserID
    public var sharesEntries: Bool
    public let joinedAt: Date

    public init(member: UserID, creator: UserID, sharesEntries: Bool, joinedAt: Date) {
        self.member = member
        self.creator = creator
        self.sharesEntries = sharesEntries
        self.joinedAt = joinedAt
    }
}

/// Roles and creator memberships: facts about accounts, not anyone's health data.
public protocol CreatorRepository: Sendable {
    func roles(of user: UserID) async throws -> Set<AccountRole>
    func grant(_ role: AccountRole, to user: UserID) async throws
    func revoke(_ role: AccountRole, from user: UserID) async throws
    func membership(of member: UserID) async throws -> CreatorMembership?
    /// Joins (or moves to) a creator, or changes the sharing choice.
    func save(_ membership: CreatorMembership) async throws
    func leave(_ member: UserID) async throws
    func members(of creator: UserID) async throws -> [CreatorMembership]
}

struct SQLCreatorRepository: CreatorRepository {
    let sql: any SQLDatabase

    func roles(of user: UserID) async throws -> Set<AccountRole> {
        Set(
            try await sql.select().column("role").from("account_roles").where("user_id", .equal, user.rawValue).all()
                .compactMap { AccountRole(rawValue: try $0.string("role")) })
    }

    func grant(_ role: AccountRole, to user: UserID) async throws {
        try await sql.insert(into: "account_roles").columns("user_id", "role").values(
            SQLBind(user.rawValue), SQLBind(role.rawValue)
        )
        .ignoringConflicts(with: ["user_id", "role"]).run()
    }

    func revoke(_ role: AccountRole, from user: UserID) async throws {
        try await sql.delete(from: "account_roles").where("user_id", .equal, user.rawValue).where("role", .equal, role.rawValue)
            .run()
    }

    func membership(of member: UserID) async throws -> CreatorMembership? {
        try await sql.select().column("*").from("creator_members").where("member_id", .equal, member.rawValue).first()
            .map(Self.decode)
    }

    func save(_ membership: CreatorMembership) async throws {
        try await sql.insert(into: "creator_members").columns("member_id", "creator_id", "shares_entries", "joined_at")
            .values(
                SQLBind(membership.member.rawValue), SQLBind(membership.creator.rawValue),
                SQLBind(membership.sharesEntries ? 1 : 0),
                SQLBind(membership.joinedAt)
            )
            .onConflict(with: ["member_id"]) { update in
                update.set(excludedValueOf: "creator_id").set(excludedValueOf: "shares_entries").set(excludedValueOf: "joined_at")
            }
            .run()
    }

    func leave(_ member: UserID) async throws {
        try await sql.delete(from: "creator_members").where("member_id", .equal, member.rawValue).run()
    }

    func members(of creator: UserID) async throws -> [CreatorMembership] {
        try await sql.select().column("*").from("creator_members").where("creator_id", .equal, creator.rawValue)
            .orderBy("joined_at").all().map(Self.decode)
    }

    private static func decode(_ row: any SQLRow) throws -> CreatorMembership {
        CreatorMembership(
            member: UserID(try row.uuid("member_id")), creator: UserID(try row.uuid("creator_id")),
            sharesEntries: try row.int("shares_entries") != 0, joinedAt: try row.date("joined_at"))
    }
}
