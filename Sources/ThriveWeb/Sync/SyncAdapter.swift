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
    /// The IDs among these that a row of another person, or of another type, holds: never usable.
    func taken(_ ids: [UUID], besides found: Set<UUID>, in records: PersonalRecords) async throws -> Set<UUID>
    /// Writes prepared records in a few statements: new ones stored, edited ones replaced.
    func write(new: [PreparedRecord], replaced: [PreparedRecord], in records: PersonalRecords) async throws
    /// Checks a device's record and gets it ready to write; throws what is wrong with it.
    func prepare(_ fields: JSONValue, id: UUID) async throws -> PreparedRecord
    func delete(_ id: UUID, in records: PersonalRecords) async throws
}

/// A device's record, validated: its fields as the server will hold them, the entry itself, and
/// how to store it on its own.
struct PreparedRecord: Sendable {
    let fields: JSONValue
    let entry: any Sendable
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
        var result: [UUID: JSONValue] = [:]
        for entry in try await entries.rows(records).find(ids) {
            result[entries.id(entry)] = try JSONValue(encoding: input(entry))
        }
        return result
    }

    func taken(_ ids: [UUID], besides found: Set<UUID>, in records: PersonalRecords) async throws -> Set<UUID> {
        try await entries.rows(records).existing(ids).subtracting(found)
    }

    func write(new: [PreparedRecord], replaced: [PreparedRecord], in records: PersonalRecords) async throws {
        let rows = entries.rows(records)
        try await rows.storeAll(new.compactMap { $0.entry as? Entry })
        try await rows.replace(replaced.compactMap { $0.entry as? Entry })
    }

    func prepare(_ fields: JSONValue, id: UUID) async throws -> PreparedRecord {
        let data = try JSONEncoder().encode(fields)
        let entry = try await make(try StrictJSON.decode(Input.self, from: data), id)
        let entries = entries
        return PreparedRecord(fields: try JSONValue(encoding: input(entry)), entry: entry) { records, replacing in
            let rows = entries.rows(records)
            if replacing { _ = try await rows.delete(id) }
            try await rows.store(entry)
        }
    }

    func delete(_ id: UUID, in records: PersonalRecords) async throws {
        _ = try await entries.rows(records).delete(id)
    }
}
