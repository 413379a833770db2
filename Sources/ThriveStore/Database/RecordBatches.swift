import Foundation

/// Many of one person's records of one kind at once: what a sync batch reads and writes in a few
/// statements instead of a few per record.
public protocol RecordBatches<Record>: Sendable {
    associatedtype Record
    func store(_ records: [Record]) async throws
    /// The person's records with these IDs.
    func records(ids: [UUID]) async throws -> [Record]
    /// Which of these IDs a row of the kind's table holds, whoever owns it and whatever its type.
    func existingIDs(_ ids: [UUID]) async throws -> Set<UUID>
    /// Replaces the person's records of these IDs by these versions, logged as one edit each.
    func replace(_ records: [Record]) async throws
}

/// A repository over one record table gets its batches from the table.
protocol RecordTableBacked: RecordBatches where Record: RecordMapping {
    var records: RecordTable<Record> { get }
}

extension RecordTableBacked {
    func records(ids: [UUID]) async throws -> [Record] { try await records.find(ids: ids) }
    func existingIDs(_ ids: [UUID]) async throws -> Set<UUID> { try await records.existing(ids: ids) }
    func replace(_ records: [Record]) async throws { try await self.records.replace(records) }
}
