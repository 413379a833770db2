import Foundation
import SQLKit
import ThriveCore

/// One person's imports, newest first.
public protocol DataImportRepository: Sendable {
    var owner: UserID { get }
    /// Adds an import or saves its new state (progress, the end).
    func save(_ dataImport: DataImport) async throws
    func get(_ id: DataImportID) async throws -> DataImport?
    func recent(limit: Int) async throws -> [DataImport]
}

struct SQLDataImportRepository: DataImportRepository {
    let sql: any SQLDatabase
    let owner: UserID

    private static let columns = [
        "id", "owner_id", "source", "file_name", "file_bytes", "state", "bytes_read", "bytes_total", "records_stored", "added",
        "summary", "failure", "failure_line", "notes", "created_at", "started_at", "finished_at",
    ]

    func save(_ item: DataImport) async throws {
        let summary = try item.summary.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let notes = String(decoding: try JSONEncoder().encode(item.notes), as: UTF8.self)
        try await sql.insert(into: "data_imports").columns(Self.columns)
            .values(
                item.id.rawValue, owner.rawValue, item.source.rawValue, item.fileName, item.fileBytes, item.state.rawValue,
                item.bytesRead, item.bytesTotal, item.recordsStored, item.added, summary, item.failure?.rawValue,
                item.failureLine, notes, item.createdAt, item.startedAt, item.finishedAt
            )
            .onConflict(with: ["id"]) { update in
                var update = update
                for column in Self.columns.dropFirst(5) { update = update.set(excludedValueOf: column) }
                // Another person's id is never overwritten.
                return update.where(SQLColumn("owner_id", table: "data_imports"), .equal, SQLBind(owner.rawValue))
            }.run()
    }

    func get(_ id: DataImportID) async throws -> DataImport? {
        try await sql.select().column("*").from("data_imports").where("owner_id", .equal, owner.rawValue)
            .where("id", .equal, id.rawValue).first().map(decode)
    }

    func recent(limit: Int) async throws -> [DataImport] {
        try await sql.select().column("*").from("data_imports").where("owner_id", .equal, owner.rawValue)
            .orderBy("created_at", .descending).limit(limit).all().map(decode)
    }

    private func decode(_ row: any SQLRow) throws -> DataImport {
        let summary = try row.optionalString("summary").flatMap {
            try? JSONDecoder().decode(ImportSummary.self, from: Data($0.utf8))
        }
        let notes = (try? JSONDecoder().decode([String].self, from: Data(try row.string("notes").utf8))) ?? []
        return DataImport(
            id: DataImportID(try row.uuid("id")), source: DataImport.Source(rawValue: try row.string("source")) ?? .appleHealth,
            fileName: try row.string("file_name"), fileBytes: try row.int("file_bytes"),
            state: DataImport.State(rawValue: try row.string("state")) ?? .failed, bytesRead: try row.int("bytes_read"),
            bytesTotal: try row.optionalInt("bytes_total"), recordsStored: try row.int("records_stored"),
            added: try row.optionalInt("added"), summary: summary,
            failure: try row.optionalString("failure").flatMap(DataImport.Failure.init(rawValue:)),
            failureLine: try row.optionalInt("failure_line"), notes: notes, createdAt: try row.date("created_at"),
            startedAt: try row.optionalDate("started_at"), finishedAt: try row.optionalDate("finished_at"))
    }
}
