import Foundation
import SQLKit
import ThriveCore

/// Deletions waiting out their cooling-off, one per person.
public protocol AccountDeletionRepository: Sendable {
    /// Records the request; a person who asks again keeps the first date.
    func request(_ deletion: AccountDeletion, for userID: UserID) async throws
    func find(for userID: UserID) async throws -> AccountDeletion?
    /// Cancels it; false when none was waiting.
    @discardableResult func cancel(for userID: UserID) async throws -> Bool
}

struct SQLAccountDeletionRepository: AccountDeletionRepository {
    let sql: any SQLDatabase

    func request(_ deletion: AccountDeletion, for userID: UserID) async throws {
        try await sql.insert(into: "account_deletions").columns("user_id", "requested_at")
            .values(userID.rawValue, deletion.requestedAt).ignoringConflicts(with: ["user_id"]).run()
    }

    func find(for userID: UserID) async throws -> AccountDeletion? {
        try await sql.select().column("requested_at").from("account_deletions").where("user_id", .equal, userID.rawValue)
            .first().map { AccountDeletion(requestedAt: try $0.date("requested_at")) }
    }

    func cancel(for userID: UserID) async throws -> Bool {
        !(try await sql.delete(from: "account_deletions").where("user_id", .equal, userID.rawValue).returning("user_id")
            .all().isEmpty)
    }
}
