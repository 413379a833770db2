import Foundation
import ThriveCore

/// One entry of a person's change log: a record written or deleted (a tombstone), or a batch of
/// samples, under the sequence number that orders it among all of the person's changes.
public struct LoggedChange: Hashable, Sendable {
    public let sequence: Int64
    public let kind: ChangeKind
    /// The record (for a document, the owner's ID); `nil` for a batch of samples.
    public let recordID: UUID?
    public let deleted: Bool
    /// A document's changed field paths, or a batch's ``SampleBatch``, as JSON.
    public let detail: String?

    public init(sequence: Int64, kind: ChangeKind, recordID: UUID?, deleted: Bool, detail: String?) {
        self.sequence = sequence
        self.kind = kind
        self.recordID = recordID
        self.deleted = deleted
        self.detail = detail
    }

    /// The fields a document change touched.
    public var changedFields: Set<String> {
        guard let detail, let paths = try? JSONDecoder().decode([String].self, from: Data(detail.utf8)) else { return [] }
        return Set(paths)
    }

    /// What a batch of samples touched.
    public var sampleBatch: SampleBatch? {
        guard kind == .samples, let detail else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(SampleBatch.self, from: Data(detail.utf8))
    }
}
