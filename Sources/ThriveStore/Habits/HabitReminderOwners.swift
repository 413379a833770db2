import Foundation
import SQLKit
import ThriveCore

/// An active habit with a reminder time, its owner and the owner's time zone: what the job runner
/// plans reminders from.
public struct HabitReminderSchedule: Sendable {
    public let owner: UserID
    public let habit: Habit
    public let timeZone: TimeZone
}

extension Repositories {
    /// Every active habit with a reminder, everyone's, in one statement.
    public func habitReminderSchedules() async throws -> [HabitReminderSchedule] {
        try await sql.select().column(SQLColumn(SQLLiteral.all, table: SQLIdentifier("habits")))
            .column(SQLColumn("time_zone", table: "profiles"))
            .from("habits").join(
                "profiles", on: SQLColumn("user_id", table: "profiles"), .equal, SQLColumn("owner_id", table: "habits")
            )
            .where(SQLColumn("reminder_minutes", table: "habits"), .isNot, SQLLiteral.null)
            .where(SQLColumn("status", table: "habits"), .equal, SQLBind("active"))
            .all().compactMap { row in
                guard let zone = TimeZone(identifier: try row.string("time_zone")) else { return nil }
                return HabitReminderSchedule(
                    owner: UserID(try row.uuid("owner_id")), habit: try SQLHabitRepository.decode(row).habit, timeZone: zone)
            }
    }

    /// Everyone with a profile and their time zone, in one statement: whose days the runner plans.
    public func peopleTimeZones() async throws -> [(UserID, TimeZone)] {
        try await sql.select().column("user_id").column("time_zone").from("profiles").all().compactMap { row in
            guard let zone = TimeZone(identifier: try row.string("time_zone")) else { return nil }
            return (UserID(try row.uuid("user_id")), zone)
        }
    }
}
