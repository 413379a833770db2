import Foundation
import ThriveCore
import ThriveStore
import ThriveSync

/// How sync reaches one kind of entry: its records' fields as devices see them, and writing or
/// deleting a device's version. Fields are the shape the entries API takes, so a device sends
/// back exactly what it received, edited.
protocol SyncAdapter: Sendable {
    var kind: ChangeKind { get }
    /// The current fields of these records (absent: the person has no such record of this kind).
    func fields(of ids: [UUID], in records: PersonalRecords) async throws -> [UUID: JSONValue]
    /// Checks a device's record and gets it ready to write; throws what is wrong with it.
    func prepare(_ fields: JSONValue, id: UUID) async throws -> PreparedRecord
    func delete(_ id: UUID, in records: PersonalRecords) async throws
}

/// A device's record, validated: its fields as the server will hold them, and how to store it.
struct PreparedRecord: Sendable {
    let fields: JSONValue
    let store: @Sendable (_ records: PersonalRecords, _ replacing: Bool) async throws -> Void
}

/// An entry kind for sync: the entries' storage, how a device's fields become a validated entry,
/// and how an entry becomes fields.
struct EntrySyncAdapter<Entry: Codable & Sendable, Input: Codable & Sendable>: SyncAdapter {
    let kind: ChangeKind
    let entries: EntryKind<Entry>
    let make: @Sendable (Input, UUID) async throws -> Entry
    let input: @Sendable (Entry) -> Input

    func fields(of ids: [UUID], in records: PersonalRecords) async throws -> [UUID: JSONValue] {
        let rows = entries.rows(records)
        var result: [UUID: JSONValue] = [:]
        for id in ids {
            if let entry = try await rows.entry(id) { result[id] = try JSONValue(encoding: input(entry)) }
        }
        return result
    }

    func prepare(_ fields: JSONValue, id: UUID) async throws -> PreparedRecord {
        let data = try JSONEncoder().encode(fields)
        let entry = try await make(try StrictJSON.decode(Input.self, from: data), id)
        let entries = entries
        return PreparedRecord(fields: try JSONValue(encoding: input(entry))) { records, replacing in
            let rows = entries.rows(records)
            if replacing { _ = try await rows.delete(id) }
            try await rows.store(entry)
        }
    }

    func delete(_ id: UUID, in records: PersonalRecords) async throws {
        _ = try await entries.rows(records).delete(id)
    }
}
