import Foundation
import SQLKit
import ThriveCore

/// Family sharing of lab results, from both sides: the person who shares and the family member.
public protocol FamilyShareRepository: Sendable {
    func invite(_ share: FamilyShare) async throws
    func share(_ id: FamilyShareID) async throws -> FamilyShare?
    /// The user's shares, newest first: those they give, and those given to them (accepted by
    /// them, or still waiting for their e-mail). Ended ones are left out.
    func shares(involving user: UserID, email: EmailAddress) async throws -> [FamilyShare]
    /// False when it is not waiting for this e-mail any more.
    func accept(_ id: FamilyShareID, viewer: UserID, email: EmailAddress, at time: Date) async throws -> Bool
    /// Ends it for both; false when `user` is not part of it or it had ended.
    func end(_ id: FamilyShareID, by user: UserID, email: EmailAddress, at time: Date) async throws -> Bool
    /// Whether `owner` shares their results with `viewer` now.
    func shares(_ owner: UserID, with viewer: UserID) async throws -> Bool
}

struct SQLFamilyShareRepository: FamilyShareRepository {
    let sql: any SQLDatabase

    func invite(_ share: FamilyShare) async throws {
        try await sql.insert(into: "family_shares").columns("id", "owner_id", "email", "invited_at")
            .values(
                SQLBind(share.id.rawValue), SQLBind(share.owner.rawValue), SQLBind(share.email.value), SQLBind(share.invitedAt)
            )
            .run()
    }

    func share(_ id: FamilyShareID) async throws -> FamilyShare? {
        try await sql.select().column("*").from("family_shares").where("id", .equal, SQLBind(id.rawValue)).first()
            .map(Self.decode)
    }

    func shares(involving user: UserID, email: EmailAddress) async throws -> [FamilyShare] {
        try await sql.select().column("*").from("family_shares").where("ended_at", .is, SQLLiteral.null)
            .where {
                $0.where("owner_id", .equal, SQLBind(user.rawValue)).orWhere("viewer_id", .equal, SQLBind(user.rawValue))
                    .orWhere { $0.where("viewer_id", .is, SQLLiteral.null).where("email", .equal, SQLBind(email.value)) }
            }
            .orderBy("invited_at", .descending).orderBy("id", .descending).all().map(Self.decode)
    }

    func accept(_ id: FamilyShareID, viewer: UserID, email: EmailAddress, at time: Date) async throws -> Bool {
        try await !sql.update("family_shares").set("viewer_id", to: SQLBind(viewer.rawValue)).set(
            "accepted_at", to: SQLBind(time)
        )
        .where("id", .equal, SQLBind(id.rawValue)).where("email", .equal, SQLBind(email.value))
        .where("viewer_id", .is, SQLLiteral.null).where("ended_at", .is, SQLLiteral.null)
        .where("owner_id", .notEqual, SQLBind(viewer.rawValue))
        .returning("id").all().isEmpty
    }

    func end(_ id: FamilyShareID, by user: UserID, email: EmailAddress, at time: Date) async throws -> Bool {
        try await !sql.update("family_shares").set("ended_at", to: SQLBind(time)).set("ended_by", to: SQLBind(user.rawValue))
            .where("id", .equal, SQLBind(id.rawValue)).where("ended_at", .is, SQLLiteral.null)
            .where {
                $0.where("owner_id", .equal, SQLBind(user.rawValue)).orWhere("viewer_id", .equal, SQLBind(user.rawValue))
                    .orWhere { $0.where("viewer_id", .is, SQLLiteral.null).where("email", .equal, SQLBind(email.value)) }
            }
            .returning("id").all().isEmpty
    }

    func shares(_ owner: UserID, with viewer: UserID) async throws -> Bool {
        try await sql.select().column("id").from("family_shares").where("owner_id", .equal, SQLBind(owner.rawValue))
            .where("viewer_id", .equal, SQLBind(viewer.rawValue)).where("ended_at", .is, SQLLiteral.null)
            .where("accepted_at", .isNot, SQLLiteral.null).first() != nil
    }

    static func decode(_ row: any SQLRow) throws -> FamilyShare {
        FamilyShare(
            id: FamilyShareID(try row.uuid("id")), owner: UserID(try row.uuid("owner_id")),
            email: try EmailAddress(try row.string("email")),
            viewer: try row.decode(column: "viewer_id", as: UUID?.self).map(UserID.init),
            invitedAt: try row.date("invited_at"), acceptedAt: try row.optionalDate("accepted_at"),
            endedAt: try row.optionalDate("ended_at"),
            endedBy: try row.decode(column: "ended_by", as: UUID?.self).map(UserID.init))
    }
}
