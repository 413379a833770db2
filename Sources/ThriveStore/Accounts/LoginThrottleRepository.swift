import Foundation
import SQLKit
import ThriveCore

/// Failed-login counters, kept in the database so that every server process sees the same count.
/// Keys are opaque (hashed by the caller): no typed e-mail address is stored here.
public protocol LoginThrottleRepository: Sendable {
    func record(for key: String) async throws -> LoginFailureRecord?
    func save(_ record: LoginFailureRecord, for key: String) async throws
    func clear(_ key: String) async throws
    /// Removes records whose window began before `cutoff` and whose lock, if any, has ended by then.
    @discardableResult func deleteStale(before cutoff: Date) async throws -> Int
}

struct SQLLoginThrottleRepository: LoginThrottleRepository {
    let sql: any SQLDatabase

    func record(for key: String) async throws -> LoginFailureRecord? {
        try await sql.select().column("*").from("login_failures").where("throttle_key", .equal, key).first().map {
            LoginFailureRecord(
                failures: try $0.int("failures"), windowStart: try $0.date("window_start"),
                lockedUntil: try $0.optionalDate("locked_until"))
        }
    }

    func save(_ record: LoginFailureRecord, for key: String) async throws {
        try await sql.insert(into: "login_failures")
            .columns("throttle_key", "failures", "window_start", "locked_until")
            .values(key, record.failures, record.windowStart, record.lockedUntil)
            .onConflict(with: ["throttle_key"]) {
                $0.set(excludedValueOf: "failures").set(excludedValueOf: "window_start")
                    .set(excludedValueOf: "locked_until")
            }
            .run()
    }

    func clear(_ key: String) async throws {
        try await sql.delete(from: "login_failures").where("throttle_key", .equal, key).run()
    }

    func deleteStale(before cutoff: Date) async throws -> Int {
        try await sql.delete(from: "login_failures")
            .where("window_start", .lessThan, cutoff)
            .where { $0.where("locked_until", .is, SQLLiteral.null).orWhere("locked_until", .lessThan, cutoff) }
            .returning("throttle_key").all().count
    }
}
