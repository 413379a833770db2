import Foundation
import SQLKit
import ThriveCore

/// Browsers and apps a person signed in from, each known by a long-lived random token (only its
/// hash is stored). A known device keeps its own count of failed sign-ins, so that a stranger
/// guessing the password cannot lock the owner out of their own phone.
public protocol KnownDeviceRepository: Sendable {
    func remember(tokenHash: String, for userID: UserID, at time: Date) async throws
    /// Whose device the token belongs to.
    func owner(tokenHash: String) async throws -> UserID?
    func touch(tokenHash: String, at time: Date) async throws
    /// Forgets every device of the person (signing out everywhere).
    @discardableResult func forgetAll(for userID: UserID) async throws -> Int
    /// Forgets devices not used since `cutoff`.
    @discardableResult func forgetUnused(before cutoff: Date) async throws -> Int
}

struct SQLKnownDeviceRepository: KnownDeviceRepository {
    let sql: any SQLDatabase

    func remember(tokenHash: String, for userID: UserID, at time: Date) async throws {
        try await sql.insert(into: "known_devices").columns("token_hash", "user_id", "created_at", "last_used_at")
            .values(tokenHash, userID.rawValue, time, time)
            .onConflict(with: ["token_hash"]) { $0.set(excludedValueOf: "last_used_at") }
            .run()
    }

    func owner(tokenHash: String) async throws -> UserID? {
        try await sql.select().column("user_id").from("known_devices").where("token_hash", .equal, tokenHash).first()
            .map { UserID(try $0.uuid("user_id")) }
    }

    func touch(tokenHash: String, at time: Date) async throws {
        try await sql.update("known_devices").set("last_used_at", to: time).where("token_hash", .equal, tokenHash).run()
    }

    func forgetAll(for userID: UserID) async throws -> Int {
        try await sql.delete(from: "known_devices").where("user_id", .equal, userID.rawValue).returning("token_hash")
            .all().count
    }

    func forgetUnused(before cutoff: Date) async throws -> Int {
        try await sql.delete(from: "known_devices").where("last_used_at", .lessThan, cutoff).returning("token_hash")
            .all().count
    }
}
