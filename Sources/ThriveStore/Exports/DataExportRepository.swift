import Foundation
import SQLKit
import ThriveCore

/// One person's exports, newest first.
public protocol DataExportRepository: Sendable {
    var owner: UserID { get }
    /// Adds an export or saves its new state.
    func save(_ export: DataExport) async throws
    func get(_ id: DataExportID) async throws -> DataExport?
    func recent(limit: Int) async throws -> [DataExport]
}

struct SQLDataExportRepository: DataExportRepository {
    let sql: any SQLDatabase
    let owner: UserID

    private static let columns = ["id", "owner_id", "requested_at", "state", "started_at", "finished_at", "records", "bytes"]

    func save(_ item: DataExport) async throws {
        try await sql.insert(into: "data_exports").columns(Self.columns)
            .values(
                item.id.rawValue, owner.rawValue, item.requestedAt, item.state.rawValue, item.startedAt, item.finishedAt,
                item.records, item.bytes
            )
            .onConflict(with: ["id"]) { update in
                var update = update
                for column in Self.columns.dropFirst(3) { update = update.set(excludedValueOf: column) }
                // Another person's id is never overwritten.
                return update.where(SQLColumn("owner_id", table: "data_exports"), .equal, SQLBind(owner.rawValue))
            }.run()
    }

    func get(_ id: DataExportID) async throws -> DataExport? {
        try await sql.select().column("*").from("data_exports").where("owner_id", .equal, owner.rawValue)
            .where("id", .equal, id.rawValue).first().map(decode)
    }

    func recent(limit: Int) async throws -> [DataExport] {
        try await sql.select().column("*").from("data_exports").where("owner_id", .equal, owner.rawValue)
            .orderBy("requested_at", .descending).limit(limit).all().map(decode)
    }

    private func decode(_ row: any SQLRow) throws -> DataExport {
        DataExport(
            id: DataExportID(try row.uuid("id")), state: DataExport.State(rawValue: try row.string("state")) ?? .failed,
            requestedAt: try row.date("requested_at"), startedAt: try row.optionalDate("started_at"),
            finishedAt: try row.optionalDate("finished_at"), records: try row.optionalInt("records"),
            bytes: try row.optionalInt("bytes"))
    }
}
