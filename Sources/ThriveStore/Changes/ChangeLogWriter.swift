import Foundation
import SQLKit
import ThriveCore

/// Appends to a person's change log inside the caller's transaction. A write first reserves its
/// sequence numbers (taking the person's counter row, which on PostgreSQL holds their other
/// writers back until this transaction ends), then writes its rows, then logs them.
struct ChangeLogWriter: Sendable {
    let session: DatabaseSession
    let owner: UserID

    /// A change about to be logged, before it has its number.
    struct Pending: Sendable {
        var kind: ChangeKind
        var recordID: UUID?
        var deleted: Bool
        var detail: String?

        init(kind: ChangeKind, recordID: UUID? = nil, deleted: Bool, detail: String? = nil) {
            self.kind = kind
            self.recordID = recordID
            self.deleted = deleted
            self.detail = detail
        }
    }

    /// Reserves `count` consecutive sequence numbers and returns the first.
    func reserve(_ count: Int) async throws -> Int64 {
        precondition(count >= 0)
        let row = try await session.sql.raw(
            """
            INSERT INTO change_counters (owner_id, last_seq) VALUES (\(bind: owner.rawValue), \(bind: count)) \
            ON CONFLICT (owner_id) DO UPDATE SET last_seq = change_counters.last_seq + excluded.last_seq \
            RETURNING last_seq
            """
        ).first()
        let last = try row?.decode(column: "last_seq", as: Int64.self) ?? Int64(count)
        return last - Int64(count) + 1
    }

    /// Logs `changes` under the numbers from `first` on.
    func log(_ changes: [Pending], from first: Int64) async throws {
        guard !changes.isEmpty else { return }
        let owner = ColumnValue.uuid(owner.rawValue)
        try await BulkInsert.run(
            session, into: "change_log", columns: ["owner_id", "seq", "kind", "record_id", "deleted", "detail"],
            rowCount: changes.count, onConflict: .fail
        ) { index, values in
            let change = changes[index]
            values.append(owner)
            values.append(.integer(Int(first) + index))
            values.append(.text(change.kind.rawValue))
            values.append(.optionalUUID(change.recordID))
            values.append(.integer(change.deleted ? 1 : 0))
            values.append(.text(change.detail))
        }
    }

    /// Reserves numbers for `changes` and logs them: for writes whose changes are known before
    /// they happen.
    func append(_ changes: [Pending]) async throws {
        guard !changes.isEmpty else { return }
        try await log(changes, from: try await reserve(changes.count))
    }

    static func detail(_ batch: SampleBatch) -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        return String(decoding: (try? encoder.encode(batch)) ?? Data(), as: UTF8.self)
    }

    static func detail(_ paths: Set<String>) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: (try? encoder.encode(paths.sorted())) ?? Data(), as: UTF8.self)
    }
}
