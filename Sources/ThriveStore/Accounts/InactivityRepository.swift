import Foundation
import SQLKit
import ThriveCore

/// When each person last used Thrive, and the warnings sent while they stay away (spec 004's
/// deletion after six months): use clears the warnings, so a later stretch starts over.
public protocol InactivityRepository: Sendable {
    /// A sign-in, or a page or app request: the person is active at `time`.
    func markActive(_ id: UserID, at time: Date) async throws
    /// Every person with their last use and the warnings sent since.
    func all() async throws -> [(UserID, InactivityDeletion)]
    func recordWarning(_ id: UserID, final: Bool, at time: Date) async throws
}

struct SQLInactivityRepository: InactivityRepository {
    let sql: any SQLDatabase

    func markActive(_ id: UserID, at time: Date) async throws {
        try await sql.update("users").set("last_active_at", to: time).where("id", .equal, id.rawValue).run()
        try await sql.delete(from: "inactivity_warnings").where("user_id", .equal, id.rawValue).run()
    }

    func all() async throws -> [(UserID, InactivityDeletion)] {
        try await sql.select().column(SQLColumn("id", table: "users")).column("created_at").column("last_active_at")
            .column("first_at").column("final_at").from("users")
            .join(
                "inactivity_warnings", method: SQLJoinMethod.left, on: SQLColumn("user_id", table: "inactivity_warnings"),
                .equal, SQLColumn("id", table: "users")
            )
            .all().map { row in
                let lastActive = try row.optionalDate("last_active_at") ?? row.date("created_at")
                return (
                    UserID(try row.uuid("id")),
                    InactivityDeletion(
                        lastActive: lastActive, firstWarnedAt: try row.optionalDate("first_at"),
                        finalWarnedAt: try row.optionalDate("final_at"))
                )
            }
    }

    func recordWarning(_ id: UserID, final: Bool, at time: Date) async throws {
        if final {
            try await sql.update("inactivity_warnings").set("final_at", to: time).where("user_id", .equal, id.rawValue).run()
        } else {
            try await sql.insert(into: "inactivity_warnings").columns("user_id", "first_at").values(id.rawValue, time)
                .onConflict(with: ["user_id"]) { $0.set(excludedValueOf: "first_at") }.run()
        }
    }
}
