import Foundation
import SQLKit
import ThriveCore

/// An active habit with a reminder time, its owner and the owner's time zone: what the job runner
/// plans reminders from (only what it needs, so that tens of thousands are read in a moment).
public struct HabitReminderSchedule: Sendable {
    public let owner: UserID
    public let habit: HabitID
    /// Minutes after local midnight.
    public let minute: Int
    public let calendar: HabitCalendar
    public let timeZone: TimeZone
}

extension Repositories {
    /// Every active habit with a reminder, everyone's, in one statement.
    public func habitReminderSchedules() async throws -> [HabitReminderSchedule] {
        let columns = session.kind == .postgres ? try await reminderColumnsAsArrays() : try await reminderColumnsByRow()
        var zones = TimeZones()
        return try columns.ids.indices.compactMap { index in
            guard let zone = zones[columns.zones[index]], let startedOn = LocalDate(iso8601: columns.startedOn[index]) else {
                return nil
            }
            let times = columns.timesPerWeek[index]
            return HabitReminderSchedule(
                owner: UserID(columns.owners[index]), habit: HabitID(columns.ids[index]), minute: columns.minutes[index],
                calendar: HabitCalendar(
                    schedule: times >= 0 ? .timesPerWeek(times) : SQLHabitRepository.weekdays(columns.weekdays[index]),
                    startedOn: startedOn, pauses: try SQLHabitRepository.pauses(columns.pauses[index])),
                timeZone: zone)
        }
    }

    /// The reminder columns, one array each: what both engines' reads come to.
    private struct ReminderColumns {
        var ids: [UUID] = [], owners: [UUID] = [], minutes: [Int] = [], timesPerWeek: [Int] = []
        var weekdays: [String] = [], startedOn: [String] = [], pauses: [String] = [], zones: [String] = []
    }

    private static let reminderSelect = """
        FROM habits JOIN profiles ON profiles.user_id = habits.owner_id
        WHERE habits.reminder_minutes IS NOT NULL AND habits.status = 'active'
        """

    private func reminderColumnsByRow() async throws -> ReminderColumns {
        var columns = ReminderColumns()
        let rows = try await sql.raw(
            """
            SELECT habits.id, habits.owner_id, habits.reminder_minutes, COALESCE(habits.times_per_week, -1) AS times,
                COALESCE(habits.weekdays, '') AS weekdays, habits.started_on, habits.pauses, profiles.time_zone
            \(unsafeRaw: Self.reminderSelect)
            """
        ).all()
        for row in rows {
            columns.ids.append(try row.uuid("id"))
            columns.owners.append(try row.uuid("owner_id"))
            columns.minutes.append(try row.int("reminder_minutes"))
            columns.timesPerWeek.append(try row.int("times"))
            columns.weekdays.append(try row.string("weekdays"))
            columns.startedOn.append(try row.string("started_on"))
            columns.pauses.append(try row.string("pauses"))
            columns.zones.append(try row.string("time_zone"))
        }
        return columns
    }

    /// PostgreSQL sends each column as one array: tens of thousands of habits are eight values to
    /// decode, not eight a row (a row's cells cost microseconds each to look up and decode).
    private func reminderColumnsAsArrays() async throws -> ReminderColumns {
        guard
            let row = try await sql.raw(
                """
                SELECT array_agg(habits.id) AS ids, array_agg(habits.owner_id) AS owners,
                    array_agg(habits.reminder_minutes) AS minutes, array_agg(COALESCE(habits.times_per_week, -1)) AS times,
                    array_agg(COALESCE(habits.weekdays, '')) AS weekdays, array_agg(habits.started_on) AS started_on,
                    array_agg(habits.pauses) AS pauses, array_agg(profiles.time_zone) AS zones
                \(unsafeRaw: Self.reminderSelect)
                """
            ).first(), let ids = try row.decode(column: "ids", as: [UUID]?.self)
        else { return ReminderColumns() }
        return ReminderColumns(
            ids: ids, owners: try row.decode(column: "owners", as: [UUID].self),
            minutes: try row.decode(column: "minutes", as: [Int].self),
            timesPerWeek: try row.decode(column: "times", as: [Int].self),
            weekdays: try row.decode(column: "weekdays", as: [String].self),
            startedOn: try row.decode(column: "started_on", as: [String].self),
            pauses: try row.decode(column: "pauses", as: [String].self), zones: try row.decode(column: "zones", as: [String].self)
        )
    }

    /// Everyone with a profile and their time zone, in one statement: whose days the runner plans.
    public func peopleTimeZones() async throws -> [(UserID, TimeZone)] {
        var zones = TimeZones()
        return try await sql.select().column("user_id").column("time_zone").from("profiles").all().compactMap { row in
            guard let zone = zones[try row.string("time_zone")] else { return nil }
            return (UserID(try row.uuid("user_id")), zone)
        }
    }
}

/// Zones by name, each made once: thousands of people share a handful.
private struct TimeZones {
    private var known: [String: TimeZone?] = [:]

    subscript(identifier: String) -> TimeZone? {
        mutating get {
            if let zone = known[identifier] { return zone }
            let zone = TimeZone(identifier: identifier)
            known[identifier] = zone
            return zone
        }
    }
}
