import Foundation
import SQLKit
import ThriveCore

/// One person's workouts, each with its sets in order.
public protocol WorkoutRepository: RecordBatches where Record == Workout {
    var owner: UserID { get }
    /// Stores workouts and their sets; a newer sync version of a stored workout replaces its sets too.
    func store(_ workouts: [Workout]) async throws
    func workouts(in window: DateWindow, limit: Int?) async throws -> [Workout]
    func workout(id: WorkoutID) async throws -> Workout?
    func delete(id: WorkoutID) async throws -> Bool
    func span() async throws -> RecordSpan
}

extension Workout: RecordMapping {
    static let table = "workouts"
    static let timeColumn = "start_at"
    static let columns = ["activity_type", "start_at", "end_at", "active_energy_kcal", "distance_m"]
    var rowID: UUID { id.rawValue }
    var changeKind: ChangeKind? { ChangeKind.of(self) }
    var batchType: String { "workout" }
    var loggedAt: Date { start }
    var columnValues: [ColumnValue] {
        [
            .text(activityType.rawValue), .date(start), .date(end), ColumnValue(activeEnergyKilocalories),
            ColumnValue(distance?.metres),
        ]
    }

    /// Decodes the session without its sets; the repository attaches them.
    static func decode(_ row: any SQLRow, id: UUID, source: SampleSource, sync: SyncStamp?) throws -> Workout? {
        Workout(
            id: WorkoutID(id),
            activityType: WorkoutActivityType(rawValue: try row.string("activity_type")) ?? .other,
            start: try row.date("start_at"), end: try row.date("end_at"),
            activeEnergyKilocalories: try row.optionalDouble("active_energy_kcal"),
            distance: try row.optionalDouble("distance_m").map(Length.init(metres:)),
            source: source, sync: sync)
    }

    func with(sets: [WorkoutSet]) -> Workout {
        Workout(
            id: id, activityType: activityType, start: start, end: end, activeEnergyKilocalories: activeEnergyKilocalories,
            distance: distance, sets: sets, source: source, sync: sync)
    }
}

struct SQLWorkoutRepository: WorkoutRepository, RecordTableBacked {
    let records: RecordTable<Workout>
    var owner: UserID { records.owner }
    private var sql: any SQLDatabase { records.sql }

    func store(_ workouts: [Workout]) async throws {
        try await records.store(workouts)
        let stored = try await storedIDs(for: workouts)
        var replaced: [UUID] = []
        var rows: [[ColumnValue]] = []
        for workout in workouts {
            guard let id = stored[workout.sync?.identifier ?? ""] ?? (workout.sync == nil ? workout.id.rawValue : nil)
            else { continue }
            replaced.append(id)
            for (position, set) in workout.sets.enumerated() {
                rows.append([
                    .uuid(id), .uuid(owner.rawValue), .integer(position), .text(set.exercise), ColumnValue(set.reps),
                    ColumnValue(set.load?.kilograms), ColumnValue(set.durationSeconds), ColumnValue(set.rpe),
                ])
            }
        }
        for chunk in replaced.chunked(500) {
            try await sql.delete(from: "workout_sets").where("owner_id", .equal, owner.rawValue)
                .where("workout_id", .in, Array(chunk)).run()
        }
        try await BulkInsert.run(
            records.session, into: "workout_sets",
            columns: ["workout_id", "owner_id", "position", "exercise", "reps", "load_kg", "duration_s", "rpe"], rows: rows,
            onConflict: .fail)
    }

    /// The stored row ID per sync identifier, for workouts whose stored version is the one just sent
    /// (an older resend leaves the stored workout, and its sets, alone).
    private func storedIDs(for workouts: [Workout]) async throws -> [String: UUID] {
        let versions = Dictionary(
            workouts.compactMap { w in w.sync.map { ($0.identifier, $0.version) } }, uniquingKeysWith: { max($0, $1) })
        var result: [String: UUID] = [:]
        for chunk in Array(versions.keys).chunked(500) {
            let rows = try await sql.select().columns("id", "sync_identifier", "sync_version").from("workouts")
                .where("owner_id", .equal, owner.rawValue).where("sync_identifier", .in, Array(chunk)).all()
            for row in rows {
                let identifier = try row.string("sync_identifier")
                if try row.int("sync_version") == versions[identifier] { result[identifier] = try row.uuid("id") }
            }
        }
        return result
    }

    func workouts(in window: DateWindow, limit: Int?) async throws -> [Workout] {
        try await attachSets(try await records.list(in: window, limit: limit))
    }

    func workout(id: WorkoutID) async throws -> Workout? {
        guard let workout = try await records.find(id: id.rawValue) else { return nil }
        return try await attachSets([workout]).first
    }

    /// A workout is its row and its sets: batches read and replace both.
    func records(ids: [UUID]) async throws -> [Workout] { try await attachSets(try await records.find(ids: ids)) }

    func replace(_ workouts: [Workout]) async throws {
        guard !workouts.isEmpty else { return }
        try await records.deleteUnlogged(ids: workouts.map(\.id.rawValue))
        try await store(workouts)
    }

    func delete(id: WorkoutID) async throws -> Bool { try await records.delete(id: id.rawValue) }
    func span() async throws -> RecordSpan { try await records.span() }

    private func attachSets(_ workouts: [Workout]) async throws -> [Workout] {
        var sets: [UUID: [WorkoutSet]] = [:]
        for chunk in workouts.map(\.id.rawValue).chunked(500) {
            let rows = try await sql.select().column("*").from("workout_sets")
                .where("owner_id", .equal, owner.rawValue).where("workout_id", .in, Array(chunk))
                .orderBy("workout_id").orderBy("position").all()
            for row in rows {
                sets[try row.uuid("workout_id"), default: []].append(
                    WorkoutSet(
                        exercise: try row.string("exercise"), reps: try row.optionalInt("reps"),
                        load: try row.optionalDouble("load_kg").map(Mass.init(kilograms:)),
                        durationSeconds: try row.optionalDouble("duration_s"), rpe: try row.optionalDouble("rpe")))
            }
        }
        return workouts.map { $0.with(sets: sets[$0.id.rawValue] ?? []) }
    }
}

extension Array {
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
