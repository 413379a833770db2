import Foundation
import ThriveCore
import ThriveStore
import ThriveSync

/// One device batch inside its transaction. Where the entries it names stand is read once per
/// kind, and the entries it writes are written together per kind at the end, so a batch of 500
/// changes costs a few dozen statements, not a few thousand. A record changed twice in one batch,
/// and every document, take the one-at-a-time path (each change in a savepoint, reading fresh).
struct SyncBatch {
    let service: SyncService
    let repositories: Repositories
    let records: PersonalRecords
    let time: Date
    let changes: [SyncChange]
    let prepared: [Int: PreparedRecord]
    let rejections: [Int: SyncChangeResult]
    /// Every change alone, in its own savepoint: the way back when the batched way failed.
    let everyChangeAlone: Bool

    /// Where one kind's records named in the batch stood when it began.
    private struct Known {
        var logged: [UUID: LoggedChange]
        var fields: [UUID: JSONValue]
        var taken: Set<UUID>
    }

    private struct Writes {
        var new: [PreparedRecord] = []
        var replaced: [PreparedRecord] = []
    }

    private struct RecordKey: Hashable {
        let kind: ChangeKind
        let id: UUID
    }

    func run() async throws -> [SyncChangeResult] {
        try await records.changes.lock()
        let receipts = try await records.syncReceipts.receipts(for: changes.map(\.id))
        let known = everyChangeAlone ? [:] : try await readKnown(skipping: receipts)
        var writes: [ChangeKind: Writes] = [:]
        var touched = Set<RecordKey>()
        var results: [SyncChangeResult] = []
        var done: [UUID: SyncChangeResult] = [:]
        var firstSent: [UUID: SyncChange] = [:]
        var duplicates: [Int] = []
        var kept: [Int] = []
        for (index, change) in changes.enumerated() {
            // The same change ID twice in one batch with other content: one of the two is not
            // what the device meant, and applying neither silently would lose it.
            if let first = firstSent[change.id], first != change {
                results.append(
                    SyncChangeResult(
                        changeID: change.id, status: .rejected, message: t("sync.conflictingDuplicate"), field: "id"))
                continue
            }
            firstSent[change.id] = firstSent[change.id] ?? change
            if receipts[change.id] != nil || done[change.id] != nil {
                duplicates.append(results.count)
                results.append(
                    SyncChangeResult(
                        changeID: change.id, status: .duplicate,
                        version: receipts[change.id]?.version ?? done[change.id]?.version))
                continue
            }
            if let rejection = rejections[index] {
                results.append(rejection)
                continue
            }
            let key = RecordKey(kind: change.kind, id: change.recordID)
            let result: SyncChangeResult
            if let adapter = service.entries[change.kind], let state = known[change.kind], !touched.contains(key) {
                result = try await decide(change, prepared[index], adapter, state) { write, replacing in
                    if replacing {
                        writes[change.kind, default: Writes()].replaced.append(write)
                    } else {
                        writes[change.kind, default: Writes()].new.append(write)
                    }
                }
            } else {
                try await flush(&writes)
                result = try await alone(change, prepared[index])
            }
            touched.insert(key)
            if result.status == .applied || result.final == true { kept.append(results.count) }
            done[change.id] = result
            results.append(result)
        }
        try await flush(&writes)
        for index in duplicates { results[index].server = try await current(changes[index]) }
        try await settle(&results, kept: kept)
        // An entry the server holds otherwise than it was sent (rounded, trimmed): its copy goes back.
        for index in kept where results[index].status == .applied && results[index].server == nil {
            let change = changes[index]
            guard let normalized = prepared[index]?.fields, normalized != change.fields else { continue }
            results[index].server = SyncRecord(
                kind: change.kind, recordID: change.recordID, version: results[index].version ?? 0, deleted: false,
                fields: normalized)
        }
        return results
    }

    /// The log entries, fields and unusable IDs of every entry the batch names, one read per kind.
    private func readKnown(skipping receipts: [UUID: SyncReceipt]) async throws -> [ChangeKind: Known] {
        var ids: [ChangeKind: Set<UUID>] = [:]
        for (index, change) in changes.enumerated() where receipts[change.id] == nil && rejections[index] == nil {
            ids[change.kind, default: []].insert(change.recordID)
        }
        var known: [ChangeKind: Known] = [:]
        for (kind, set) in ids {
            guard let adapter = service.entries[kind] else { continue }
            let list = Array(set)
            let fields = try await adapter.fields(of: list, in: records)
            known[kind] = Known(
                logged: try await records.changes.latest(kind, recordIDs: list), fields: fields,
                taken: try await adapter.taken(list, besides: Set(fields.keys), in: records))
        }
        return known
    }

    /// Applies an entry change by its kind's rule against where the record stood; the entry itself
    /// is handed to `write` to be written with the others of its kind.
    private func decide(
        _ change: SyncChange, _ prepared: PreparedRecord?, _ adapter: any SyncAdapter, _ known: Known,
        write: (PreparedRecord, _ replacing: Bool) -> Void
    ) async throws -> SyncChangeResult {
        let id = change.recordID
        // Another person's record (or a device sample) is not this person's to write or delete.
        if known.taken.contains(id) { return SyncService.unknownRecord(change) }
        let current = known.fields[id]
        let logged = known.logged[id]
        return try await resolve(change, prepared, current: current, logged: logged) { setAside in
            if setAside, let current {
                try await keep(current, of: change, version: Self.version(logged, current), side: .server)
            }
            switch change.operation {
            case .upsert: if let prepared { write(prepared, current != nil) }
            case .delete: try await adapter.delete(id, in: records)
            }
        }
    }

    /// One change on its own, in a savepoint, reading where its record stands now.
    private func alone(_ change: SyncChange, _ prepared: PreparedRecord?) async throws -> SyncChangeResult {
        do {
            return try await repositories.atomically(field: "recordID") {
                if let document = service.documents[change.kind] { return try await applyDocument(change, document) }
                if change.kind == .testKit { return try await TestKitSync.apply(change, records: records, now: time) }
                if change.kind == .habitCheckIn {
                    let result = try await HabitCheckInSync.apply(change, records: records, now: time)
                    if result.final == true {
                        try await keep(change.fields ?? .null, of: change, version: result.server?.version, side: .device)
                    }
                    return result
                }
                guard let adapter = service.entries[change.kind] else {
                    throw AppError.badRequest(t("sync.readOnly", ["kind": change.kind.rawValue]), field: "kind")
                }
                let id = change.recordID
                let logged = try await records.changes.latest(change.kind, recordIDs: [id])[id]
                let current = try await adapter.fields(of: [id], in: records)[id]
                return try await resolve(change, prepared, current: current, logged: logged) { setAside in
                    if setAside, let current {
                        try await keep(current, of: change, version: Self.version(logged, current), side: .server)
                    }
                    switch change.operation {
                    case .upsert: try await prepared?.store(records, current != nil)
                    case .delete: try await adapter.delete(id, in: records)
                    }
                }
            }
        } catch let error where SyncService.isRejection(error) {
            return SyncService.rejection(change, error)
        }
    }

    /// A record the log has never named but that exists was there before the log: version 0.
    private static func version(_ logged: LoggedChange?, _ current: JSONValue?) -> Int64? {
        logged?.sequence ?? (current == nil ? nil : 0)
    }

    /// The kind's rule applied to an entry change; `apply` does the write when the change wins.
    private func resolve(
        _ change: SyncChange, _ prepared: PreparedRecord?, current: JSONValue?, logged: LoggedChange?,
        apply: (_ setAsideServer: Bool) async throws -> Void
    ) async throws -> SyncChangeResult {
        // Deleting what this person never had is not a no-op to report as done.
        if change.operation == .delete, current == nil, logged == nil { return SyncService.unknownRecord(change) }
        let server = ServerState(
            version: Self.version(logged, current), deleted: current == nil && logged?.deleted == true, fields: current)
        let serverRecord = SyncRecord(
            kind: change.kind, recordID: change.recordID, version: server.version ?? 0, deleted: server.deleted,
            fields: current)
        switch ConflictRules.decide(change, incoming: prepared?.fields, server: server) {
        case .apply(let setAsideServer):
            try await apply(setAsideServer)
            return SyncChangeResult(changeID: change.id, status: .applied)
        case .unchanged:
            return SyncChangeResult(changeID: change.id, status: .applied, version: server.version ?? 0)
        case .conflict:
            return SyncChangeResult(changeID: change.id, status: .conflict, server: serverRecord)
        case .deletedOnServer:
            try await keep(prepared?.fields ?? .null, of: change, version: change.baseVersion, side: .device)
            return SyncChangeResult(changeID: change.id, status: .conflict, server: serverRecord, final: true)
        case .keepServer:
            try await keep(change.fields ?? .null, of: change, version: change.baseVersion, side: .device)
            return SyncChangeResult(changeID: change.id, status: .applied, version: server.version ?? 0, server: serverRecord)
        }
    }

    private func flush(_ writes: inout [ChangeKind: Writes]) async throws {
        for (kind, pending) in writes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            try await service.entries[kind]?.write(new: pending.new, replaced: pending.replaced, in: records)
        }
        writes = [:]
    }

    /// Server wins per field: fields changed on the server since the device's base keep the server's
    /// value (the device's is kept in history); the others take the device's.
    private func applyDocument(_ change: SyncChange, _ document: DocumentSync) async throws -> SyncChangeResult {
        let id = records.owner.rawValue
        let changedOnServer = try await records.changes.changedFields(change.kind, recordID: id, after: change.baseVersion ?? 0)
        let device = (change.fields ?? .object([:])).leaves.filter { !$0.key.isEmpty }
        let (apply, overruled) = FieldMerge.serverWinsPerField(device: device, serverChangedSinceBase: changedOnServer)
        if !overruled.isEmpty {
            let lost = JSONValue(leaves: device.filter { overruled.contains($0.key) })
            try await keep(lost, of: change, version: change.baseVersion, side: .device)
        }
        if !apply.isEmpty { try await document.apply(JSONValue(leaves: apply), records, time) }
        guard !overruled.isEmpty else { return SyncChangeResult(changeID: change.id, status: .applied) }
        let version = try await records.changes.latest(change.kind, recordIDs: [id])[id]?.sequence ?? 0
        return SyncChangeResult(
            changeID: change.id, status: .applied,
            server: SyncRecord(
                kind: change.kind, recordID: id, version: version, deleted: false, fields: try await document.current(records)),
            overruled: overruled)
    }

    /// Fills in the versions the applied changes produced and keeps their receipts, in one statement.
    private func settle(_ results: inout [SyncChangeResult], kept: [Int]) async throws {
        var byKind: [ChangeKind: [UUID]] = [:]
        for index in kept where results[index].version == nil {
            byKind[changes[index].kind, default: []].append(recordID(of: changes[index]))
        }
        var versions: [ChangeKind: [UUID: LoggedChange]] = [:]
        for (kind, ids) in byKind { versions[kind] = try await records.changes.latest(kind, recordIDs: ids) }
        var receipts: [SyncReceipt] = []
        for index in kept {
            let change = changes[index]
            let recordID = recordID(of: change)
            if results[index].version == nil {
                results[index].version = versions[change.kind]?[recordID]?.sequence ?? 0
            }
            receipts.append(
                SyncReceipt(changeID: change.id, kind: change.kind, recordID: recordID, version: results[index].version!))
        }
        try await records.syncReceipts.keep(receipts, at: time)
    }

    /// Where the record a change is about stands now, as a pull would give it.
    private func current(_ change: SyncChange) async throws -> SyncRecord {
        let id = recordID(of: change)
        let logged = try await records.changes.latest(change.kind, recordIDs: [id])[id]
        let version = logged?.sequence ?? 0
        let body =
            if change.kind == .habitCheckIn {
                try await HabitCheckInSync.fields(logged.map { [$0] } ?? [], in: records)[id]
            } else if let adapter = service.entries[change.kind] {
                try await adapter.fields(of: [id], in: records)[id]
            } else {
                try await SyncService.document(change.kind, of: records, service.documents)
            }
        return SyncRecord(kind: change.kind, recordID: id, version: version, deleted: body == nil, fields: body)
    }

    private func keep(_ body: JSONValue, of change: SyncChange, version: Int64?, side: SetAsideVersion.Side) async throws {
        let reason =
            switch (side, change.resolution) {
            case (.device, .keepServer?): "keptServer"
            case (.device, _) where change.kind.conflictStrategy == .serverWinsPerField: "serverWonField"
            case (.device, _) where change.kind.conflictStrategy == .mergeByTimestamp: "madeEarlier"
            case (.device, _): "deletedOnServer"
            case (.server, .keepDevice?): "keptDevice"
            case (.server, .merged?): "merged"
            case (.server, _): change.operation == .delete ? "deletedOnDevice" : "replaced"
            }
        try await records.conflictHistory.keep(
            SetAsideVersion(
                id: service.ids.uuid(), kind: change.kind, recordID: recordID(of: change), version: version, side: side,
                reason: reason, body: body, keptAt: time))
    }

    /// The record a change is about: its own for an entry, the person's one document otherwise.
    private func recordID(of change: SyncChange) -> UUID {
        service.documents[change.kind] == nil ? change.recordID : records.owner.rawValue
    }
}
