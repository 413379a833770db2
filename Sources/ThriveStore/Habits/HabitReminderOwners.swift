import Foundation
import SQLKit
import ThriveCore

extension Repositories {
    /// The people with at least one active habit that has a reminder time: whose reminders the job
    /// runner plans.
    public func peopleWithHabitReminders() async throws -> [UserID] {
        try await sql.select().distinct().column("owner_id").from("habits").where("reminder_minutes", .isNot, SQLLiteral.null)
            .where("status", .equal, "active").all().map { UserID(try $0.uuid("owner_id")) }
    }
}
