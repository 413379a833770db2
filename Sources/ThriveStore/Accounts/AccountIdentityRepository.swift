import Foundation
import SQLKit
import ThriveCore

/// Google and Apple accounts linked to Thrive accounts.
public protocol AccountIdentityRepository: Sendable {
    /// The Thrive account this provider account opens, if it is linked.
    func owner(_ provider: SocialProvider, subject: String) async throws -> UserID?
    func all(for userID: UserID) async throws -> [LinkedIdentity]
    /// Throws ``StoreError/conflict(_:)`` with "identity" when the provider account is linked
    /// already, or the person has one of this provider's.
    func link(_ identity: LinkedIdentity) async throws
    func unlink(_ provider: SocialProvider, of userID: UserID) async throws -> Bool
}

struct SQLAccountIdentityRepository: AccountIdentityRepository {
    let sql: any SQLDatabase

    func owner(_ provider: SocialProvider, subject: String) async throws -> UserID? {
        try await sql.select().column("user_id").from("account_identities").where("provider", .equal, provider.rawValue)
            .where("subject", .equal, subject).first().map { UserID(try $0.uuid("user_id")) }
    }

    func all(for userID: UserID) async throws -> [LinkedIdentity] {
        try await sql.select().column("*").from("account_identities").where("user_id", .equal, userID.rawValue)
            .orderBy("linked_at").all().compactMap { row in
                guard let provider = SocialProvider(rawValue: try row.string("provider")) else { return nil }
                return LinkedIdentity(
                    provider: provider, subject: try row.string("subject"), userID: UserID(try row.uuid("user_id")),
                    email: try row.optionalString("email"), linkedAt: try row.date("linked_at"))
            }
    }

    func link(_ identity: LinkedIdentity) async throws {
        do {
            try await sql.insert(into: "account_identities")
                .columns("provider", "subject", "user_id", "email", "linked_at")
                .values(
                    identity.provider.rawValue, identity.subject, identity.userID.rawValue, identity.email, identity.linkedAt
                )
                .run()
        } catch  where isUniqueViolation(error) {
            throw StoreError.conflict("identity")
        }
    }

    func unlink(_ provider: SocialProvider, of userID: UserID) async throws -> Bool {
        !(try await sql.delete(from: "account_identities").where("provider", .equal, provider.rawValue)
            .where("user_id", .equal, userID.rawValue).returning("subject").all().isEmpty)
    }
}
