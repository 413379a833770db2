import Foundation
import SQLKit
import ThriveCore

/// A habit with its streak as kept (folded up to a day).
public struct TrackedHabit: Hashable, Sendable {
    public var habit: Habit
    public var streak: HabitStreak

    public init(habit: Habit, streak: HabitStreak) {
        self.habit = habit
        self.streak = streak
    }
}

/// Which habit's day a logged check-in change is about (the change log's detail).
public struct HabitCheckInKey: Codable, Hashable, Sendable {
    public let habitId: HabitID
    public let day: String

    public init(habitId: HabitID, day: String) {
        self.habitId = habitId
        self.day = day
    }

    public init?(detail: String?) {
        guard let detail, let key = try? JSONDecoder().decode(HabitCheckInKey.self, from: Data(detail.utf8)) else { return nil }
        self = key
    }
}

/// One person's habits and their check-ins.
public protocol HabitRepository: Sendable {
    var owner: UserID { get }
    /// Every habit, archived ones too, oldest first.
    func all() async throws -> [TrackedHabit]
    func habit(_ id: HabitID) async throws -> TrackedHabit?
    /// Stores a new habit or replaces one, with its kept streak.
    func save(_ tracked: TrackedHabit) async throws
    func delete(_ id: HabitID) async throws -> Bool
    /// Check-ins of these habits from `first` through `last`.
    func checkIns(_ ids: [HabitID], from first: LocalDate, through last: LocalDate) async throws -> [HabitCheckIn]
    /// Every check-in of one habit, for folding its streak again after a past day changed.
    func allCheckIns(_ id: HabitID) async throws -> [HabitCheckIn]
    /// How many days of one habit hold a check-in (what deleting it would lose).
    func checkInCount(_ id: HabitID) async throws -> Int
    /// How many habit days the person has done, across every habit.
    func doneCount() async throws -> Int
    /// Habit days done from `day` on.
    func doneCount(since day: LocalDate) async throws -> Int
    /// Records a day's check-in, replacing the one there.
    func record(_ checkIn: HabitCheckIn) async throws
    func removeCheckIn(_ id: HabitID, on day: LocalDate) async throws
    /// Records days that hold no check-in yet, many to a statement (a history brought in at once).
    func record(_ checkIns: [HabitCheckIn]) async throws
}

struct SQLHabitRepository: HabitRepository {
    let session: DatabaseSession
    let owner: UserID
    var sql: any SQLDatabase { session.sql }

    func all() async throws -> [TrackedHabit] {
        try await sql.select().column("*").from("habits").where("owner_id", .equal, owner.rawValue)
            .orderBy("created_at").all().map(Self.decode)
    }

    func habit(_ id: HabitID) async throws -> TrackedHabit? {
        try await sql.select().column("*").from("habits").where("owner_id", .equal, owner.rawValue)
            .where("id", .equal, id.rawValue).first().map(Self.decode)
    }

    func save(_ tracked: TrackedHabit) async throws {
        let habit = tracked.habit
        let weekdays = habit.schedule.weekdays?.map { String($0) }.joined(separator: ",")
        // An upsert, not a delete and insert: deleting the row would take its check-ins with it.
        let changing = [
            "name", "icon", "measure", "target", "unit", "weekdays", "times_per_week", "reminder_minutes", "status",
            "started_on", "pauses", "streak",
        ]
        try await sql.insert(into: "habits")
            .columns(
                "id", "owner_id", "name", "icon", "measure", "target", "unit", "weekdays", "times_per_week",
                "reminder_minutes", "status", "started_on", "pauses", "streak", "created_at"
            )
            .values(
                SQLBind(habit.id.rawValue), SQLBind(owner.rawValue), SQLBind(habit.name), SQLBind(habit.icon),
                SQLBind(habit.measure.kind), SQLBind(habit.measure.target), SQLBind(habit.measure.unit), SQLBind(weekdays),
                SQLBind(habit.schedule.timesPerWeek),
                SQLBind(habit.reminderMinutes), SQLBind(habit.status.rawValue), SQLBind(habit.startedOn.iso8601),
                SQLBind(try Self.json(habit.pauses)), SQLBind(try Self.json(tracked.streak)), SQLBind(habit.createdAt)
            )
            .onConflict(with: ["id"]) { update in
                var update = update
                for column in changing { update = update.set(excludedValueOf: column) }
                return update.where(SQLColumn("owner_id", table: "habits"), .equal, SQLBind(owner.rawValue))
            }
            .run()
    }

    func delete(_ id: HabitID) async throws -> Bool {
        guard try await habit(id) != nil else { return false }
        try await sql.delete(from: "habit_check_ins").where("owner_id", .equal, owner.rawValue)
            .where("habit_id", .equal, id.rawValue).run()
        try await sql.delete(from: "habits").where("owner_id", .equal, owner.rawValue).where("id", .equal, id.rawValue).run()
        return true
    }

    func checkIns(_ ids: [HabitID], from first: LocalDate, through last: LocalDate) async throws -> [HabitCheckIn] {
        guard !ids.isEmpty else { return [] }
        return try await sql.select().column("*").from("habit_check_ins").where("owner_id", .equal, owner.rawValue)
            .where("habit_id", .in, ids.map(\.rawValue)).where("day", .greaterThanOrEqual, first.iso8601)
            .where("day", .lessThanOrEqual, last.iso8601).all().compactMap(Self.decodeCheckIn)
    }

    func allCheckIns(_ id: HabitID) async throws -> [HabitCheckIn] {
        try await sql.select().column("*").from("habit_check_ins").where("owner_id", .equal, owner.rawValue)
            .where("habit_id", .equal, id.rawValue).orderBy("day").all().compactMap(Self.decodeCheckIn)
    }

    func checkInCount(_ id: HabitID) async throws -> Int {
        let row = try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "days")
            .from("habit_check_ins").where("owner_id", .equal, owner.rawValue).where("habit_id", .equal, id.rawValue)
            .first()
        return try row?.decode(column: "days", as: Int.self) ?? 0
    }

    func doneCount() async throws -> Int {
        let row = try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "days")
            .from("habit_check_ins").where("owner_id", .equal, owner.rawValue).where("state", .equal, "done").first()
        return try row?.decode(column: "days", as: Int.self) ?? 0
    }

    func doneCount(since day: LocalDate) async throws -> Int {
        let row = try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "days")
            .from("habit_check_ins").where("owner_id", .equal, owner.rawValue).where("state", .equal, "done")
            .where("day", .greaterThanOrEqual, day.iso8601).first()
        return try row?.decode(column: "days", as: Int.self) ?? 0
    }

    func record(_ checkIn: HabitCheckIn) async throws {
        try await deleteRow(checkIn.habitID, on: checkIn.day)
        try await logChange(checkIn.habitID, on: checkIn.day, deleted: false)
        try await sql.insert(into: "habit_check_ins")
            .columns("habit_id", "owner_id", "day", "state", "amount", "recorded_at")
            .values(
                SQLBind(checkIn.habitID.rawValue), SQLBind(owner.rawValue), SQLBind(checkIn.day.iso8601),
                SQLBind(checkIn.state.rawValue), SQLBind(checkIn.amount), SQLBind(checkIn.recordedAt)
            ).run()
    }

    func record(_ checkIns: [HabitCheckIn]) async throws {
        for start in stride(from: 0, to: checkIns.count, by: 1_000) {
            var insert = sql.insert(into: "habit_check_ins")
                .columns("habit_id", "owner_id", "day", "state", "amount", "recorded_at")
            for checkIn in checkIns[start..<min(start + 1_000, checkIns.count)] {
                insert = insert.values(
                    SQLBind(checkIn.habitID.rawValue), SQLBind(owner.rawValue), SQLBind(checkIn.day.iso8601),
                    SQLBind(checkIn.state.rawValue), SQLBind(checkIn.amount), SQLBind(checkIn.recordedAt))
            }
            try await insert.run()
        }
    }

    func removeCheckIn(_ id: HabitID, on day: LocalDate) async throws {
        try await deleteRow(id, on: day)
        try await logChange(id, on: day, deleted: true)
    }

    private func deleteRow(_ id: HabitID, on day: LocalDate) async throws {
        try await sql.delete(from: "habit_check_ins").where("owner_id", .equal, owner.rawValue)
            .where("habit_id", .equal, id.rawValue).where("day", .equal, day.iso8601).run()
    }

    /// A day a person checked in (not history brought in at once) is logged for sync, naming the
    /// habit and the day so a pull can find it.
    private func logChange(_ id: HabitID, on day: LocalDate, deleted: Bool) async throws {
        let detail = HabitCheckInKey(habitId: id, day: day.iso8601)
        try await ChangeLogWriter(session: session, owner: owner).append([
            .init(
                kind: .habitCheckIn, recordID: HabitCheckIn.syncID(habit: id, day: day), deleted: deleted,
                detail: String(decoding: try JSONEncoder().encode(detail), as: UTF8.self))
        ])
    }

    private static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    static func decode(_ row: any SQLRow) throws -> TrackedHabit {
        let target = try row.int("target")
        let measure: Habit.Measure =
            switch try row.string("measure") {
            case "count": .count(target: target, unit: try row.optionalString("unit") ?? "")
            case "minutes": .minutes(target: target)
            default: .binary
            }
        let habit = Habit(
            id: HabitID(try row.decode(column: "id", as: UUID.self)), name: try row.string("name"), icon: try row.string("icon"),
            measure: measure, schedule: try schedule(row), reminderMinutes: try row.optionalInt("reminder_minutes"),
            status: Habit.Status(rawValue: try row.string("status")) ?? .active,
            startedOn: LocalDate(iso8601: try row.string("started_on")) ?? LocalDate(year: 2000, month: 1, day: 1)!,
            pauses: try pauses(row), createdAt: try row.date("created_at"))
        let streak = try JSONDecoder().decode(HabitStreak.self, from: Data(try row.string("streak").utf8))
        return TrackedHabit(habit: habit, streak: streak)
    }

    static func schedule(_ row: any SQLRow) throws -> Habit.Schedule {
        if let times = try row.optionalInt("times_per_week") { return .timesPerWeek(times) }
        return weekdays(try row.optionalString("weekdays") ?? "")
    }

    /// A days-of-week schedule as stored: "2,4,6".
    static func weekdays(_ text: String) -> Habit.Schedule {
        .days(Set(text.split(separator: ",").compactMap { Int($0) }))
    }

    static func pauses(_ row: any SQLRow) throws -> [Habit.Pause] { try pauses(try row.string("pauses")) }

    static func pauses(_ text: String) throws -> [Habit.Pause] {
        // Most habits were never paused: no decoder for those.
        if text == "[]" { return [] }
        return try JSONDecoder().decode([Habit.Pause].self, from: Data(text.utf8))
    }

    private static func decodeCheckIn(_ row: any SQLRow) throws -> HabitCheckIn? {
        guard let day = LocalDate(iso8601: try row.string("day")),
            let state = HabitCheckIn.State(rawValue: try row.string("state"))
        else { return nil }
        return HabitCheckIn(
            habitID: HabitID(try row.decode(column: "habit_id", as: UUID.self)), day: day, state: state,
            amount: try row.int("amount"), recordedAt: try row.date("recorded_at"))
    }
}
