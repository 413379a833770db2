import Foundation
import SQLKit
import ThriveCore

/// Each person's app lock setting and PIN.
public protocol AppLockRepository: Sendable {
    /// The person's lock; nil when they never changed it (the server's default applies).
    func find(for userID: UserID) async throws -> AppLock?
    func save(_ lock: AppLock, for userID: UserID, at time: Date) async throws
}

struct SQLAppLockRepository: AppLockRepository {
    let sql: any SQLDatabase

    func find(for userID: UserID) async throws -> AppLock? {
        guard let row = try await sql.select().column("*").from("app_locks").where("user_id", .equal, userID.rawValue).first()
        else { return nil }
        return AppLock(idleMinutes: try row.optionalInt("idle_minutes"), pinHash: try row.optionalString("pin_hash"))
    }

    func save(_ lock: AppLock, for userID: UserID, at time: Date) async throws {
        try await sql.insert(into: "app_locks").columns("user_id", "idle_minutes", "pin_hash", "updated_at")
            .values(userID.rawValue, lock.idleMinutes, lock.pinHash, time)
            .onConflict(with: ["user_id"]) {
                $0.set(excludedValueOf: "idle_minutes").set(excludedValueOf: "pin_hash").set(excludedValueOf: "updated_at")
            }
            .run()
    }
}
