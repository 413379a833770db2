import Foundation
import SQLKit
import ThriveCore

/// One person's measured quantities (steps, heart rate, weight, …).
public protocol QuantitySampleRepository: RecordBatches where Record == QuantitySample {
    var owner: UserID { get }
    /// Stores new samples in batches; a sample whose sync identifier is already stored replaces it
    /// only when its sync version is newer.
    func store(_ samples: [QuantitySample]) async throws
    func samples(of type: QuantityType?, in window: DateWindow, limit: Int?) async throws -> [QuantitySample]
    func sample(id: SampleID) async throws -> QuantitySample?
    func latest(of type: QuantityType) async throws -> QuantitySample?
    func delete(id: SampleID) async throws -> Bool
    /// Deletes everything from `source`; returns how many.
    func delete(from source: SampleSource) async throws -> Int
    func spans() async throws -> [QuantityType: RecordSpan]
}

extension QuantitySample: RecordMapping {
    static let table = "quantity_samples"
    static let timeColumn = "start_at"
    static let columns = ["type", "value", "start_at", "end_at"]
    var rowID: UUID { id.rawValue }
    var changeKind: ChangeKind? { ChangeKind.of(self) }
    var batchType: String { type.shortName }
    var loggedAt: Date { start }
    var columnValues: [ColumnValue] { [.text(type.storageName), .real(value), .date(start), .date(end)] }

    static func decode(_ row: any SQLRow, id: UUID, source: SampleSource, sync: SyncStamp?) throws -> QuantitySample? {
        guard let type = QuantityType(storageName: try row.string("type")) else { return nil }
        return QuantitySample(
            id: SampleID(id), type: type, value: try row.double("value"), start: try row.date("start_at"),
            end: try row.date("end_at"), source: source, sync: sync)
    }
}

struct SQLQuantitySampleRepository: QuantitySampleRepository, RecordTableBacked {
    let records: RecordTable<QuantitySample>
    var owner: UserID { records.owner }

    func store(_ samples: [QuantitySample]) async throws {
        try await DeferredRollups.around(records.session, count: samples.count) { try await records.store(samples) }
    }

    func samples(of type: QuantityType?, in window: DateWindow, limit: Int?) async throws -> [QuantitySample] {
        try await records.list(in: window, limit: limit, where: type.map { ("type", $0.storageName) })
    }

    func sample(id: SampleID) async throws -> QuantitySample? { try await records.find(id: id.rawValue) }

    func latest(of type: QuantityType) async throws -> QuantitySample? {
        try await records.latest(where: ("type", type.storageName))
    }

    func delete(id: SampleID) async throws -> Bool { try await records.delete(id: id.rawValue) }

    func delete(from source: SampleSource) async throws -> Int { try await records.delete(from: source) }

    func spans() async throws -> [QuantityType: RecordSpan] {
        try await records.spans(groupedBy: "type", as: QuantityType.init(storageName:))
    }
}
