import Foundation
import SQLKit
import ThriveCore

/// Logins: one row per person, found by e-mail at login.
public protocol AccountRepository: Sendable {
    /// Throws ``StoreError/conflict(_:)`` with "email" when the address is taken.
    func create(_ account: Account) async throws
    func find(email: EmailAddress) async throws -> Account?
    func find(id: UserID) async throws -> Account?
    func all() async throws -> [Account]
    func updatePasswordHash(_ hash: String, for id: UserID) async throws
    /// Throws ``StoreError/conflict(_:)`` with "email" when another account has the address.
    func updateEmail(_ email: EmailAddress, for id: UserID) async throws
    /// Deletes the person and, through the schema's cascades, every record they own.
    func delete(_ id: UserID) async throws -> Bool
}

struct SQLAccountRepository: AccountRepository {
    let sql: any SQLDatabase

    func create(_ account: Account) async throws {
        do {
            try await sql.insert(into: "users")
                .columns("id", "email", "password_hash", "created_at")
                .values(account.id.rawValue, account.email.value, account.passwordHash, account.createdAt)
                .run()
        } catch  where isUniqueViolation(error) {
            throw StoreError.conflict("email")
        }
    }

    func find(email: EmailAddress) async throws -> Account? {
        try await sql.select().column("*").from("users").where("email", .equal, email.value).first().map(decode)
    }

    func find(id: UserID) async throws -> Account? {
        try await sql.select().column("*").from("users").where("id", .equal, id.rawValue).first().map(decode)
    }

    func all() async throws -> [Account] {
        try await sql.select().column("*").from("users").orderBy("email").all().map(decode)
    }

    func updatePasswordHash(_ hash: String, for id: UserID) async throws {
        try await sql.update("users").set("password_hash", to: hash).where("id", .equal, id.rawValue).run()
    }

    func updateEmail(_ email: EmailAddress, for id: UserID) async throws {
        do {
            try await sql.update("users").set("email", to: email.value).where("id", .equal, id.rawValue).run()
        } catch  where isUniqueViolation(error) {
            throw StoreError.conflict("email")
        }
    }

    func delete(_ id: UserID) async throws -> Bool {
        // The lab keeps its kit (issued, perhaps resulted) but nothing the person gave: the photo goes.
        try await sql.update("test_kits").set("photo", to: SQLLiteral.null).set("media_type", to: SQLLiteral.null)
            .where("owner_id", .equal, id.rawValue).run()
        let rows = try await sql.delete(from: "users").where("id", .equal, id.rawValue).returning("id").all()
        return !rows.isEmpty
    }

    private func decode(_ row: any SQLRow) throws -> Account {
        Account(
            id: UserID(try row.uuid("id")),
            email: EmailAddress(trusted: try row.string("email")),
            passwordHash: try row.string("password_hash"),
            createdAt: try row.date("created_at"))
    }
}
