import Foundation
import SQLKit
import ThriveCore

/// The person's breathing symptom logs.
public protocol BreathingLogRepository: Sendable {
    var owner: UserID { get }
    func add(_ log: BreathingLog) async throws
    /// The latest logs, latest day first.
    func latest(limit: Int) async throws -> [BreathingLog]
    /// False when there is no such log of the owner's.
    func delete(_ id: BreathingLogID) async throws -> Bool
}

struct SQLBreathingLogRepository: BreathingLogRepository {
    let sql: any SQLDatabase
    let owner: UserID

    static let columns: [(BreathingSymptom, String)] = [
        (.cough, "cough"), (.breathlessness, "breathlessness"), (.wheeze, "wheeze"),
        (.exerciseTolerance, "exercise_tolerance"),
    ]

    func add(_ log: BreathingLog) async throws {
        try await sql.insert(into: "breathing_logs")
            .columns(["id", "owner_id", "day", "recorded_at"] + Self.columns.map(\.1) + ["note"])
            .values(
                [SQLBind(log.id.rawValue), SQLBind(owner.rawValue), SQLBind(log.day.iso8601), SQLBind(log.recordedAt)]
                    + Self.columns.map { SQLBind(log.severity($0.0).rawValue) } + [SQLBind(log.note)]
            ).run()
    }

    func latest(limit: Int) async throws -> [BreathingLog] {
        try await sql.select().column("*").from("breathing_logs").where("owner_id", .equal, owner.rawValue)
            .orderBy("day", .descending).orderBy("recorded_at", .descending).limit(limit).all()
            .compactMap { row in
                guard let day = LocalDate(iso8601: try row.string("day")) else { return nil }
                var severities: [BreathingSymptom: SymptomSeverity] = [:]
                for (symptom, column) in Self.columns {
                    severities[symptom] = SymptomSeverity(rawValue: try row.int(column)) ?? SymptomSeverity.none
                }
                return BreathingLog(
                    id: BreathingLogID(try row.uuid("id")), day: day, recordedAt: try row.date("recorded_at"),
                    severities: severities, note: try row.optionalString("note"))
            }
    }

    func delete(_ id: BreathingLogID) async throws -> Bool {
        !(try await sql.delete(from: "breathing_logs").where("owner_id", .equal, owner.rawValue)
            .where("id", .equal, id.rawValue).returning("id").all()).isEmpty
    }
}
