import Foundation
import SQLKit
import ThriveCore

/// A client's change the server has applied: kept so that the same change sent again (a lost
/// answer, a retry, a replayed batch) is recognised and never applied twice.
public struct SyncReceipt: Hashable, Sendable {
    public let changeID: UUID
    public let kind: ChangeKind
    public let recordID: UUID
    /// The record's version the change produced.
    public let version: Int64

    public init(changeID: UUID, kind: ChangeKind, recordID: UUID, version: Int64) {
        self.changeID = changeID
        self.kind = kind
        self.recordID = recordID
        self.version = version
    }
}

/// One person's receipts. Kept for good: a change may be resent any time later.
public protocol SyncReceiptRepository: Sendable {
    var owner: UserID { get }
    func receipts(for changeIDs: [UUID]) async throws -> [UUID: SyncReceipt]
    /// Keeps these receipts, in one statement.
    func keep(_ receipts: [SyncReceipt], at time: Date) async throws
}

struct SQLSyncReceiptRepository: SyncReceiptRepository {
    let sql: any SQLDatabase
    let owner: UserID

    func receipts(for changeIDs: [UUID]) async throws -> [UUID: SyncReceipt] {
        var result: [UUID: SyncReceipt] = [:]
        for chunk in changeIDs.chunked(500) {
            let rows = try await sql.select().columns("change_id", "kind", "record_id", "version").from("sync_receipts")
                .where("owner_id", .equal, owner.rawValue).where("change_id", .in, Array(chunk)).all()
            for row in rows {
                guard let kind = ChangeKind(rawValue: try row.string("kind")) else { continue }
                let receipt = SyncReceipt(
                    changeID: try row.uuid("change_id"), kind: kind, recordID: try row.uuid("record_id"),
                    version: try row.decode(column: "version", as: Int64.self))
                result[receipt.changeID] = receipt
            }
        }
        return result
    }

    func keep(_ receipts: [SyncReceipt], at time: Date) async throws {
        guard !receipts.isEmpty else { return }
        var insert = sql.insert(into: "sync_receipts")
            .columns("owner_id", "change_id", "kind", "record_id", "version", "received_at")
        for receipt in receipts {
            insert = insert.values(
                owner.rawValue, receipt.changeID, receipt.kind.rawValue, receipt.recordID, receipt.version, time)
        }
        try await insert.run()
    }
}
