import Foundation
import SQLKit
import ThriveCore

/// The one-time links sent by e-mail, by the hash of their token.
public protocol AccountLinkRepository: Sendable {
    func create(_ link: AccountLink) async throws
    func find(tokenHash: String) async throws -> AccountLink?
    /// Uses the link if it still works at `time`, in one statement: of two requests with the same
    /// link, only one gets true.
    func use(tokenHash: String, at time: Date) async throws -> Bool
    /// How many links of `purpose` the person was sent since `time`.
    func count(for userID: UserID, purpose: AccountLink.Purpose, since time: Date) async throws -> Int
    /// Ends every unused link of `purpose` of the person (a newer one, or the password changed).
    func endAll(for userID: UserID, purpose: AccountLink.Purpose, at time: Date) async throws
    @discardableResult func deleteExpired(before cutoff: Date) async throws -> Int
}

struct SQLAccountLinkRepository: AccountLinkRepository {
    let sql: any SQLDatabase

    func create(_ link: AccountLink) async throws {
        try await sql.insert(into: "account_links")
            .columns("token_hash", "user_id", "purpose", "new_email", "created_at", "expires_at", "used_at")
            .values(
                link.tokenHash, link.userID.rawValue, link.purpose.rawValue, link.newEmail?.value, link.createdAt, link.expiresAt,
                link.usedAt
            )
            .run()
    }

    func find(tokenHash: String) async throws -> AccountLink? {
        guard let row = try await sql.select().column("*").from("account_links").where("token_hash", .equal, tokenHash).first(),
            let purpose = AccountLink.Purpose(rawValue: try row.string("purpose"))
        else { return nil }
        return AccountLink(
            tokenHash: try row.string("token_hash"), userID: UserID(try row.uuid("user_id")), purpose: purpose,
            newEmail: try row.optionalString("new_email").flatMap { try? EmailAddress($0) },
            createdAt: try row.date("created_at"), usedAt: try row.optionalDate("used_at"))
    }

    func use(tokenHash: String, at time: Date) async throws -> Bool {
        let used = try await sql.update("account_links").set("used_at", to: time)
            .where("token_hash", .equal, tokenHash).where("used_at", .is, SQLLiteral.null).where("expires_at", .greaterThan, time)
            .returning("token_hash").all()
        return !used.isEmpty
    }

    func count(for userID: UserID, purpose: AccountLink.Purpose, since time: Date) async throws -> Int {
        try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("account_links")
            .where("user_id", .equal, userID.rawValue).where("purpose", .equal, purpose.rawValue)
            .where("created_at", .greaterThanOrEqual, time)
            .first()?.int("n") ?? 0
    }

    func endAll(for userID: UserID, purpose: AccountLink.Purpose, at time: Date) async throws {
        try await sql.update("account_links").set("used_at", to: time)
            .where("user_id", .equal, userID.rawValue).where("purpose", .equal, purpose.rawValue)
            .where("used_at", .is, SQLLiteral.null).run()
    }

    func deleteExpired(before cutoff: Date) async throws -> Int {
        try await sql.delete(from: "account_links").where("expires_at", .lessThan, cutoff).returning("token_hash").all().count
    }
}
