import Foundation
import SQLKit
import ThriveCore

/// The person's links to their lab results: made, listed with their openings, revoked.
public protocol LabShareRepository: Sendable {
    var owner: UserID { get }
    func create(_ share: LabShare, tokenHash: String) async throws
    /// Every link, newest first, each with its latest openings.
    func shares() async throws -> [LabShare]
    /// False when there is no such link of the owner's, or it was revoked already.
    func revoke(_ id: LabShareID, at time: Date) async throws -> Bool
}

/// A link as whoever holds it opens it: found by its secret's hash, not by whose it is.
public protocol LabShareLinkRepository: Sendable {
    func share(tokenHash: String) async throws -> LabShare?
    func recordView(_ share: LabShare, kind: LabShareView.Kind, at time: Date) async throws
}

/// The openings kept per link for the person to read (the count keeps going).
let labShareViewsShown = 50

struct SQLLabShareRepository: LabShareRepository {
    let sql: any SQLDatabase
    let owner: UserID

    func create(_ share: LabShare, tokenHash: String) async throws {
        let results = try share.results.map { ids in
            String(decoding: try JSONEncoder().encode(ids.map { $0.rawValue.uuidString.lowercased() }), as: UTF8.self)
        }
        try await sql.insert(into: "lab_shares")
            .columns("id", "owner_id", "token_hash", "label", "result_ids", "created_at", "expires_at")
            .values(
                SQLBind(share.id.rawValue), SQLBind(owner.rawValue), SQLBind(tokenHash), SQLBind(share.label),
                SQLBind(results), SQLBind(share.createdAt), SQLBind(share.expiresAt)
            ).run()
    }

    func shares() async throws -> [LabShare] {
        let rows = try await sql.select().column("*").from("lab_shares").where("owner_id", .equal, owner.rawValue)
            .orderBy("created_at", .descending).orderBy("id", .descending).all()
        var shares = try rows.compactMap(LabShareRows.share)
        guard !shares.isEmpty else { return [] }
        let views = try await sql.select().columns("share_id", "viewed_at", "kind").from("lab_share_views")
            .where("owner_id", .equal, owner.rawValue).orderBy("viewed_at", .descending).all()
        var byShare: [UUID: [LabShareView]] = [:]
        for row in views {
            guard let kind = LabShareView.Kind(rawValue: try row.string("kind")) else { continue }
            byShare[try row.uuid("share_id"), default: []].append(LabShareView(at: try row.date("viewed_at"), kind: kind))
        }
        for index in shares.indices { shares[index].views = byShare[shares[index].id.rawValue] ?? [] }
        return shares
    }

    func revoke(_ id: LabShareID, at time: Date) async throws -> Bool {
        let changed = try await sql.update("lab_shares").set("revoked_at", to: time)
            .where("owner_id", .equal, owner.rawValue).where("id", .equal, id.rawValue)
            .where("revoked_at", .is, SQLLiteral.null).returning("id").all()
        return !changed.isEmpty
    }
}

struct SQLLabShareLinkRepository: LabShareLinkRepository {
    let sql: any SQLDatabase

    func share(tokenHash: String) async throws -> LabShare? {
        let rows = try await sql.select().column("*").from("lab_shares").where("token_hash", .equal, tokenHash).limit(1).all()
        return try rows.first.flatMap(LabShareRows.share)
    }

    func recordView(_ share: LabShare, kind: LabShareView.Kind, at time: Date) async throws {
        try await sql.insert(into: "lab_share_views").columns("share_id", "owner_id", "viewed_at", "kind")
            .values(SQLBind(share.id.rawValue), SQLBind(share.owner.rawValue), SQLBind(time), SQLBind(kind.rawValue)).run()
    }
}

enum LabShareRows {
    static func share(_ row: any SQLRow) throws -> LabShare? {
        let results = try row.optionalString("result_ids").map { text -> [LabResultID] in
            (try JSONDecoder().decode([String].self, from: Data(text.utf8))).compactMap(LabResultID.init)
        }
        return LabShare(
            id: LabShareID(try row.uuid("id")), owner: UserID(try row.uuid("owner_id")), label: try row.optionalString("label"),
            results: results, createdAt: try row.date("created_at"), expiresAt: try row.date("expires_at"),
            revokedAt: try row.optionalDate("revoked_at"))
    }
}
