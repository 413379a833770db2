import Foundation
import SQLKit
import ThriveCore

/// Reading one person's change log: the basis of incremental pulls and of conflict detection.
public protocol ChangeLogRepository: Sendable {
    var owner: UserID { get }
    /// The newest sequence number given out (0 before the first change).
    func cursor() async throws -> Int64
    /// Holds the person's counter until the transaction ends: versions read after this stay current,
    /// because every other write of the person waits for it.
    func lock() async throws
    /// The newest change of each record after `cursor` (batches each on their own), oldest first, at
    /// most `limit`; `more` when there are further changes after the last one returned.
    func changes(after cursor: Int64, limit: Int) async throws -> (changes: [LoggedChange], more: Bool)
    /// The newest change of each of these records (absent: never logged).
    func latest(_ kind: ChangeKind, recordIDs: [UUID]) async throws -> [UUID: LoggedChange]
    /// The fields of a document changed after `version`.
    func changedFields(_ kind: ChangeKind, recordID: UUID, after version: Int64) async throws -> Set<String>
}

struct SQLChangeLogRepository: ChangeLogRepository {
    let session: DatabaseSession
    let owner: UserID
    private var sql: any SQLDatabase { session.sql }

    func cursor() async throws -> Int64 {
        try await sql.select().column("last_seq").from("change_counters").where("owner_id", .equal, owner.rawValue).first()?
            .decode(column: "last_seq", as: Int64.self) ?? 0
    }

    func lock() async throws {
        _ = try await ChangeLogWriter(session: session, owner: owner).reserve(0)
    }

    func changes(after cursor: Int64, limit: Int) async throws -> (changes: [LoggedChange], more: Bool) {
        let rows = try await sql.raw(
            """
            SELECT c.seq, c.kind, c.record_id, c.deleted, c.detail FROM change_log c \
            WHERE c.owner_id = \(bind: owner.rawValue) AND c.seq > \(bind: cursor) AND (c.record_id IS NULL OR NOT EXISTS \
            (SELECT 1 FROM change_log n WHERE n.owner_id = c.owner_id AND n.kind = c.kind AND n.record_id = c.record_id \
            AND n.seq > c.seq)) ORDER BY c.seq LIMIT \(bind: limit + 1)
            """
        ).all()
        let changes = try rows.prefix(limit).compactMap(Self.decode)
        return (changes, rows.count > limit)
    }

    func latest(_ kind: ChangeKind, recordIDs: [UUID]) async throws -> [UUID: LoggedChange] {
        var result: [UUID: LoggedChange] = [:]
        for chunk in recordIDs.chunked(500) {
            let rows = try await sql.raw(
                """
                SELECT c.seq, c.kind, c.record_id, c.deleted, c.detail FROM change_log c \
                WHERE c.owner_id = \(bind: owner.rawValue) AND c.kind = \(bind: kind.rawValue) \
                AND c.record_id IN (\(binds: Array(chunk))) AND c.seq = (SELECT MAX(n.seq) FROM change_log n \
                WHERE n.owner_id = c.owner_id AND n.kind = c.kind AND n.record_id = c.record_id)
                """
            ).all()
            for change in try rows.compactMap(Self.decode) {
                if let id = change.recordID { result[id] = change }
            }
        }
        return result
    }

    func changedFields(_ kind: ChangeKind, recordID: UUID, after version: Int64) async throws -> Set<String> {
        let rows = try await sql.select().columns("seq", "kind", "record_id", "deleted", "detail").from("change_log")
            .where("owner_id", .equal, owner.rawValue).where("kind", .equal, kind.rawValue)
            .where("record_id", .equal, recordID).where("seq", .greaterThan, version).all()
        return try rows.compactMap(Self.decode).reduce(into: Set<String>()) { $0.formUnion($1.changedFields) }
    }

    private static func decode(_ row: any SQLRow) throws -> LoggedChange? {
        guard let kind = ChangeKind(rawValue: try row.string("kind")) else { return nil }
        return LoggedChange(
            sequence: try row.decode(column: "seq", as: Int64.self), kind: kind,
            recordID: try row.decode(column: "record_id", as: UUID?.self), deleted: try row.int("deleted") != 0,
            detail: try row.optionalString("detail"))
    }
}
