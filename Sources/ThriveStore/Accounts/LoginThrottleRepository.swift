import Foundation
import SQLKit
import ThriveCore

/// Failed-login counters, kept in the database so that every server process sees the same count.
/// Keys are opaque (hashed by the caller): no typed e-mail address is stored here.
public protocol LoginThrottleRepository: Sendable {
    /// The key's record, held against every other transaction until this one ends, so that checking
    /// the lock and counting the attempt are one step even for parallel attempts.
    func claim(_ key: String) async throws -> LoginFailureRecord?
    /// Stores the key's record; nil forgets it.
    func save(_ record: LoginFailureRecord?, for key: String) async throws
    /// Removes records whose last failure was before `cutoff`.
    @discardableResult func deleteStale(before cutoff: Date) async throws -> Int
}

struct SQLLoginThrottleRepository: LoginThrottleRepository {
    let session: DatabaseSession
    var sql: any SQLDatabase { session.sql }

    func claim(_ key: String) async throws -> LoginFailureRecord? {
        var select = sql.select().column("*").from("login_failures").where("throttle_key", .equal, key)
        if session.kind == .postgres {
            // A row lock needs a row: an empty one first, which a parallel attempt then waits on.
            try await sql.insert(into: "login_failures").columns("throttle_key", "failures", "last_failure_at")
                .values(key, 0, Date(timeIntervalSince1970: 0)).ignoringConflicts(with: ["throttle_key"]).run()
            select = select.lockingClause(SQLLockingClause.update)
        }
        // SQLite: the write transaction (BEGIN IMMEDIATE) already keeps every other writer out.
        return try await select.first().flatMap {
            let failures = try $0.int("failures")
            return failures > 0 ? LoginFailureRecord(failures: failures, lastFailureAt: try $0.date("last_failure_at")) : nil
        }
    }

    func save(_ record: LoginFailureRecord?, for key: String) async throws {
        guard let record else {
            try await sql.delete(from: "login_failures").where("throttle_key", .equal, key).run()
            return
        }
        try await sql.insert(into: "login_failures")
            .columns("throttle_key", "failures", "last_failure_at")
            .values(key, record.failures, record.lastFailureAt)
            .onConflict(with: ["throttle_key"]) { $0.set(excludedValueOf: "failures").set(excludedValueOf: "last_failure_at") }
            .run()
    }

    func deleteStale(before cutoff: Date) async throws -> Int {
        try await sql.delete(from: "login_failures").where("last_failure_at", .lessThan, cutoff)
            .returning("throttle_key").all().count
    }
}
