import Foundation
import SQLKit
import ThriveCore

/// A person's authenticator-app secret (sealed by the caller; this layer never sees it open) and
/// their recovery codes (hashed). A secret waits unconfirmed until the person types its first code.
public struct SecondFactor: Hashable, Sendable {
    public let userID: UserID
    public let sealedSecret: String
    public let createdAt: Date
    /// Nil while the person has not yet typed a first code from the app.
    public var enabledAt: Date?
    public var lastUsedStep: Int64?

    public init(userID: UserID, sealedSecret: String, createdAt: Date, enabledAt: Date? = nil, lastUsedStep: Int64? = nil) {
        self.userID = userID
        self.sealedSecret = sealedSecret
        self.createdAt = createdAt
        self.enabledAt = enabledAt
        self.lastUsedStep = lastUsedStep
    }
}

public protocol SecondFactorRepository: Sendable {
    func find(for userID: UserID) async throws -> SecondFactor?
    /// Starts over with a new, unconfirmed secret (replacing one not yet confirmed).
    func begin(_ factor: SecondFactor) async throws
    /// Turns the secret on, with the step of the code that confirmed it and the recovery codes' hashes.
    func enable(for userID: UserID, at time: Date, step: Int64, recoveryCodeHashes: [String]) async throws
    /// Records that the code of `step` was used, if no later or equal step was: true for the one
    /// request that gets it (a code is good once).
    func use(step: Int64, for userID: UserID) async throws -> Bool
    /// Uses a recovery code: true once per code.
    func useRecoveryCode(hash: String, for userID: UserID, at time: Date) async throws -> Bool
    func unusedRecoveryCodes(for userID: UserID) async throws -> Int
    func replaceRecoveryCodes(for userID: UserID, hashes: [String]) async throws
    /// Turns two-step sign-in off: the secret and the codes are deleted.
    func remove(for userID: UserID) async throws
}

struct SQLSecondFactorRepository: SecondFactorRepository {
    let sql: any SQLDatabase

    func find(for userID: UserID) async throws -> SecondFactor? {
        try await sql.select().column("*").from("second_factors").where("user_id", .equal, userID.rawValue).first().map {
            SecondFactor(
                userID: UserID(try $0.uuid("user_id")), sealedSecret: try $0.string("sealed_secret"),
                createdAt: try $0.date("created_at"), enabledAt: try $0.optionalDate("enabled_at"),
                lastUsedStep: try $0.decode(column: "last_used_step", as: Int64?.self))
        }
    }

    func begin(_ factor: SecondFactor) async throws {
        try await remove(for: factor.userID)
        try await sql.insert(into: "second_factors").columns("user_id", "sealed_secret", "created_at")
            .values(factor.userID.rawValue, factor.sealedSecret, factor.createdAt).run()
    }

    func enable(for userID: UserID, at time: Date, step: Int64, recoveryCodeHashes: [String]) async throws {
        try await sql.update("second_factors").set("enabled_at", to: time).set("last_used_step", to: step)
            .where("user_id", .equal, userID.rawValue).run()
        try await replaceRecoveryCodes(for: userID, hashes: recoveryCodeHashes)
    }

    func use(step: Int64, for userID: UserID) async throws -> Bool {
        let rows = try await sql.update("second_factors").set("last_used_step", to: step)
            .where("user_id", .equal, userID.rawValue)
            .where { $0.where("last_used_step", .is, SQLLiteral.null).orWhere("last_used_step", .lessThan, step) }
            .returning("user_id").all()
        return !rows.isEmpty
    }

    func useRecoveryCode(hash: String, for userID: UserID, at time: Date) async throws -> Bool {
        let rows = try await sql.update("recovery_codes").set("used_at", to: time)
            .where("user_id", .equal, userID.rawValue).where("code_hash", .equal, hash).where("used_at", .is, SQLLiteral.null)
            .returning("user_id").all()
        return !rows.isEmpty
    }

    func unusedRecoveryCodes(for userID: UserID) async throws -> Int {
        try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("recovery_codes")
            .where("user_id", .equal, userID.rawValue).where("used_at", .is, SQLLiteral.null).first()?.int("n") ?? 0
    }

    func replaceRecoveryCodes(for userID: UserID, hashes: [String]) async throws {
        try await sql.delete(from: "recovery_codes").where("user_id", .equal, userID.rawValue).run()
        guard !hashes.isEmpty else { return }
        var insert = sql.insert(into: "recovery_codes").columns("user_id", "code_hash")
        for hash in hashes { insert = insert.values(userID.rawValue, hash) }
        try await insert.run()
    }

    func remove(for userID: UserID) async throws {
        try await sql.delete(from: "recovery_codes").where("user_id", .equal, userID.rawValue).run()
        try await sql.delete(from: "second_factors").where("user_id", .equal, userID.rawValue).run()
    }
}
