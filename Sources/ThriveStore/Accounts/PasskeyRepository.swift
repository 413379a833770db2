import Foundation
import SQLKit
import ThriveCore

/// A passkey a person registered: its credential id and COSE public key (base64url), the
/// authenticator's signature counter, and a name the person chose ("Phone", "Laptop").
public struct Passkey: Hashable, Sendable {
    public let credentialID: String
    public let userID: UserID
    public var name: String
    public let publicKey: String
    public var signCount: Int
    public let createdAt: Date
    public var lastUsedAt: Date?

    public init(
        credentialID: String, userID: UserID, name: String, publicKey: String, signCount: Int, createdAt: Date,
        lastUsedAt: Date? = nil
    ) {
        self.credentialID = credentialID
        self.userID = userID
        self.name = name
        self.publicKey = publicKey
        self.signCount = signCount
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

public protocol PasskeyRepository: Sendable {
    /// Throws ``StoreError/conflict(_:)`` with "credential" when the credential is registered already.
    func add(_ passkey: Passkey) async throws
    func find(credentialID: String) async throws -> Passkey?
    func all(for userID: UserID) async throws -> [Passkey]
    /// Records a sign-in: the new counter and when.
    func used(credentialID: String, signCount: Int, at time: Date) async throws
    func rename(credentialID: String, of userID: UserID, to name: String) async throws -> Bool
    func remove(credentialID: String, of userID: UserID) async throws -> Bool
}

struct SQLPasskeyRepository: PasskeyRepository {
    let sql: any SQLDatabase

    func add(_ passkey: Passkey) async throws {
        do {
            try await sql.insert(into: "passkeys")
                .columns("credential_id", "user_id", "name", "public_key", "sign_count", "created_at", "last_used_at")
                .values(
                    passkey.credentialID, passkey.userID.rawValue, passkey.name, passkey.publicKey, passkey.signCount,
                    passkey.createdAt, passkey.lastUsedAt
                )
                .run()
        } catch  where isUniqueViolation(error) {
            throw StoreError.conflict("credential")
        }
    }

    func find(credentialID: String) async throws -> Passkey? {
        try await sql.select().column("*").from("passkeys").where("credential_id", .equal, credentialID).first().map(decode)
    }

    func all(for userID: UserID) async throws -> [Passkey] {
        try await sql.select().column("*").from("passkeys").where("user_id", .equal, userID.rawValue)
            .orderBy("created_at").all().map(decode)
    }

    func used(credentialID: String, signCount: Int, at time: Date) async throws {
        try await sql.update("passkeys").set("sign_count", to: signCount).set("last_used_at", to: time)
            .where("credential_id", .equal, credentialID).run()
    }

    func rename(credentialID: String, of userID: UserID, to name: String) async throws -> Bool {
        !(try await sql.update("passkeys").set("name", to: name).where("credential_id", .equal, credentialID)
            .where("user_id", .equal, userID.rawValue).returning("credential_id").all().isEmpty)
    }

    func remove(credentialID: String, of userID: UserID) async throws -> Bool {
        !(try await sql.delete(from: "passkeys").where("credential_id", .equal, credentialID)
            .where("user_id", .equal, userID.rawValue).returning("credential_id").all().isEmpty)
    }

    private func decode(_ row: any SQLRow) throws -> Passkey {
        Passkey(
            credentialID: try row.string("credential_id"), userID: UserID(try row.uuid("user_id")), name: try row.string("name"),
            publicKey: try row.string("public_key"), signCount: try row.int("sign_count"), createdAt: try row.date("created_at"),
            lastUsedAt: try row.optionalDate("last_used_at"))
    }
}
