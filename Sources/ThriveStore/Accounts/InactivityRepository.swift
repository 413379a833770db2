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
        // One statement per touch: warnings sent before the person came back are read as gone (`all`).
        try await sql.update("users").set("last_active_at", to: time).where("id", .equal, id.rawValue).run()
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
                // A warning from before the person's last use belongs to an absence that has ended.
                func current(_ column: String) throws -> Date? {
                    try row.optionalDate(column).flatMap { $0 >= lastActive ? $0 : nil }
                }
                return (
                    UserID(try row.uuid("id")),
                    InactivityDeletion(
                        lastActive: lastActive, firstWarnedAt: try current("first_at"), finalWarnedAt: try current("final_at"))
                )
            }
    }

    func recordWarning(_ id: UserID, final: Bool, at time: Date) async throws {
        if final {
            try await sql.update("inactivity_warnings").set("final_at", to: time).where("user_id", .equal, id.rawValue).run()
        } else {
            // A new absence's first warning starts afresh: an earlier absence's final one goes.
            try await sql.insert(into: "inactivity_warnings").columns("user_id", "first_at", "final_at")
                .values(SQLBind(id.rawValue), SQLBind(time), SQLLiteral.null)
                .onConflict(with: ["user_id"]) { $0.set(excludedValueOf: "first_at").set(excludedValueOf: "final_at") }.run()
        }
    }
}
