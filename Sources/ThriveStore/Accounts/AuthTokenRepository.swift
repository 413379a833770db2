import Foundation
import SQLKit
import ThriveCore

/// An API bearer token, stored as a hash. Access and refresh tokens issued together share a family:
/// refreshing revokes the old pair, and presenting a revoked refresh token revokes the whole family
/// (it was stolen or replayed).
public struct AuthToken: Hashable, Sendable {
    public enum Kind: String, Sendable { case access, refresh }

    public let tokenHash: String
    public let userID: UserID
    public let kind: Kind
    public let familyID: UUID
    public let createdAt: Date
    public let expiresAt: Date
    public var revokedAt: Date?

    public init(
        tokenHash: String, userID: UserID, kind: Kind, familyID: UUID, createdAt: Date, expiresAt: Date,
        revokedAt: Date? = nil
    ) {
        self.tokenHash = tokenHash
        self.userID = userID
        self.kind = kind
        self.familyID = familyID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
    }

    public func isUsable(at now: Date) -> Bool { revokedAt == nil && expiresAt > now }
}

/// One app's sign-in: a family of tokens, from its first sign-in to its latest refresh.
public struct AuthTokenFamily: Hashable, Sendable {
    public let id: UUID
    public let createdAt: Date
    public let lastUsedAt: Date
}

public protocol AuthTokenRepository: Sendable {
    /// The person's apps still signed in at `now` (a refresh token not revoked nor expired), most
    /// recently used first.
    func families(for userID: UserID, at now: Date) async throws -> [AuthTokenFamily]
    /// Signs one app out; false when the family is not the person's.
    func revokeFamily(_ familyID: UUID, of userID: UserID, at time: Date) async throws -> Bool
    func insert(_ tokens: [AuthToken]) async throws
    func find(tokenHash: String) async throws -> AuthToken?
    func revokeFamily(_ familyID: UUID, at time: Date) async throws
    func revokeAll(for userID: UserID, at time: Date) async throws
    @discardableResult func deleteExpired(before cutoff: Date) async throws -> Int
}

struct SQLAuthTokenRepository: AuthTokenRepository {
    let sql: any SQLDatabase

    func insert(_ tokens: [AuthToken]) async throws {
        guard !tokens.isEmpty else { return }
        var insert = sql.insert(into: "auth_tokens")
            .columns("token_hash", "user_id", "kind", "family_id", "created_at", "expires_at", "revoked_at")
        for token in tokens {
            insert = insert.values(
                token.tokenHash, token.userID.rawValue, token.kind.rawValue, token.familyID, token.createdAt,
                token.expiresAt, token.revokedAt)
        }
        try await insert.run()
    }

    func find(tokenHash: String) async throws -> AuthToken? {
        guard let row = try await sql.select().column("*").from("auth_tokens").where("token_hash", .equal, tokenHash).first(),
            let kind = AuthToken.Kind(rawValue: try row.string("kind"))
        else { return nil }
        return AuthToken(
            tokenHash: try row.string("token_hash"), userID: UserID(try row.uuid("user_id")), kind: kind,
            familyID: try row.uuid("family_id"), createdAt: try row.date("created_at"),
            expiresAt: try row.date("expires_at"), revokedAt: try row.optionalDate("revoked_at"))
    }

    func families(for userID: UserID, at now: Date) async throws -> [AuthTokenFamily] {
        let rows = try await sql.select().column("family_id").column(
            SQLFunction("MIN", args: SQLColumn("created_at")), as: "first"
        )
        .column(SQLFunction("MAX", args: SQLColumn("created_at")), as: "latest")
        .from("auth_tokens").where("user_id", .equal, userID.rawValue)
        .groupBy("family_id")
        .having(
            SQLFunction(
                "SUM",
                args: SQLQueryString(
                    "CASE WHEN kind = 'refresh' AND revoked_at IS NULL AND expires_at > \(bind: now) THEN 1 ELSE 0 END")),
            .greaterThan, SQLLiteral.numeric("0")
        )
        .all()
        return try rows.map {
            AuthTokenFamily(id: try $0.uuid("family_id"), createdAt: try $0.date("first"), lastUsedAt: try $0.date("latest"))
        }.sorted { $0.lastUsedAt > $1.lastUsedAt }
    }

    func revokeFamily(_ familyID: UUID, of userID: UserID, at time: Date) async throws -> Bool {
        let revoked = try await sql.update("auth_tokens").set("revoked_at", to: time)
            .where("family_id", .equal, familyID).where("user_id", .equal, userID.rawValue)
            .where("revoked_at", .is, SQLLiteral.null).returning("token_hash").all()
        return !revoked.isEmpty
    }

    func revokeFamily(_ familyID: UUID, at time: Date) async throws {
        try await sql.update("auth_tokens").set("revoked_at", to: time)
            .where("family_id", .equal, familyID).where("revoked_at", .is, SQLLiteral.null).run()
    }

    func revokeAll(for userID: UserID, at time: Date) async throws {
        try await sql.update("auth_tokens").set("revoked_at", to: time)
            .where("user_id", .equal, userID.rawValue).where("revoked_at", .is, SQLLiteral.null).run()
    }

    func deleteExpired(before cutoff: Date) async throws -> Int {
        try await sql.delete(from: "auth_tokens").where("expires_at", .lessThan, cutoff).returning("token_hash").all().count
    }
}
