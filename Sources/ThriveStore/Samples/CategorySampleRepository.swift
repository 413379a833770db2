import Foundation
import SQLKit
import ThriveCore

/// One person's states over time (sleep stages, mindful sessions).
public protocol CategorySampleRepository: RecordBatches where Record == CategorySample {
    var owner: UserID { get }
    func store(_ samples: [CategorySample]) async throws
    func samples(of type: CategoryType?, in window: DateWindow, limit: Int?) async throws -> [CategorySample]
    func sample(id: CategorySampleID) async throws -> CategorySample?
    func delete(id: CategorySampleID) async throws -> Bool
    /// Deletes everything from `source`; returns how many.
    func delete(from source: SampleSource) async throws -> Int
    func spans() async throws -> [CategoryType: RecordSpan]
}

extension CategorySample: RecordMapping {
    static let table = "category_samples"
    static let timeColumn = "start_at"
    static let columns = ["type", "value", "start_at", "end_at", "quality"]
    var rowID: UUID { id.rawValue }
    var changeKind: ChangeKind? { ChangeKind.of(self) }
    var batchType: String { type.shortName }
    var loggedAt: Date { start }
    var columnValues: [ColumnValue] {
        [.text(type.storageName), .integer(value), .date(start), .date(end), ColumnValue(quality)]
    }

    static func decode(_ row: any SQLRow, id: UUID, source: SampleSource, sync: SyncStamp?) throws -> CategorySample? {
        guard let type = CategoryType(storageName: try row.string("type")) else { return nil }
        return CategorySample(
            id: CategorySampleID(id), type: type, value: try row.int("value"), start: try row.date("start_at"),
            end: try row.date("end_at"), source: source, sync: sync, quality: try row.optionalInt("quality"))
    }
}

struct SQLCategorySampleRepository: CategorySampleRepository, RecordTableBacked {
    let records: RecordTable<CategorySample>
    var owner: UserID { records.owner }

    func store(_ samples: [CategorySample]) async throws {
        try await records.store(samples)
    }

    func samples(of type: CategoryType?, in window: DateWindow, limit: Int?) async throws -> [CategorySample] {
        try await records.list(in: window, limit: limit, where: type.map { ("type", $0.storageName) })
    }

    func sample(id: CategorySampleID) async throws -> CategorySample? { try await records.find(id: id.rawValue) }

    func delete(id: CategorySampleID) async throws -> Bool { try await records.delete(id: id.rawValue) }

    func delete(from source: SampleSource) async throws -> Int { try await records.delete(from: source) }

    func spans() async throws -> [CategoryType: RecordSpan] {
        try await records.spans(groupedBy: "type", as: CategoryType.init(storageName:))
    }
}
