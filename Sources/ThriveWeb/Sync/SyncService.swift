import Foundation
import ThriveCore
import ThriveStore
import ThriveSync

/// The server side of sync: applies a device's changes, each by its kind's conflict rule, and
/// answers with the server's changes since the device's cursor.
///
/// A batch is one transaction, and each change in it runs in a savepoint: a crash leaves the
/// whole batch unapplied (the device sends it again, and changes already applied are recognised by
/// their receipts), and one bad change never takes the others with it.
struct SyncService: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator
    let entries: [ChangeKind: any SyncAdapter]
    let documents: [ChangeKind: DocumentSync]
    let dashboard: DashboardService

    init(services: AppServices) {
        dashboard = services.dashboard
        store = services.store
        now = services.now
        ids = services.ids
        entries = SyncAdapters.all(services: services)
        documents = DocumentSync.all
    }

    func sync(_ owner: UserID, _ request: SyncRequest) async throws -> SyncResponse {
        guard request.changes.count <= SyncLimits.maxChanges else {
            throw AppError.badRequest(t("sync.tooMany", ["count": String(SyncLimits.maxChanges)]), field: "changes")
        }
        let limit = request.limit ?? SyncLimits.defaultPage
        guard (1...SyncLimits.maxPage).contains(limit) else {
            throw AppError.badRequest(t("sync.limit", ["max": String(SyncLimits.maxPage)]), field: "limit")
        }
        guard request.cursor >= 0 else { throw AppError.badRequest(t("sync.cursor"), field: "cursor") }
        let results = try await push(owner, request.changes)
        let (records, cursor, more) = try await pull(owner, after: request.cursor, limit: limit)
        let snapshot = request.snapshot == true && !more ? try await dashboard.offlineSnapshot(owner) : nil
        return SyncResponse(results: results, changes: records, cursor: cursor, more: more, snapshot: snapshot)
    }

    // MARK: Push

    /// Validates entries outside the transaction (it may read the food catalog), then applies every
    /// change in one.
    private func push(_ owner: UserID, _ changes: [SyncChange]) async throws -> [SyncChangeResult] {
        guard !changes.isEmpty else { return [] }
        var prepared: [Int: PreparedRecord] = [:]
        var rejected: [Int: SyncChangeResult] = [:]
        for (index, change) in changes.enumerated() {
            do {
                if let record = try await prepare(change) { prepared[index] = record }
            } catch {
                rejected[index] = Self.rejection(change, error)
            }
        }
        let time = now()
        let prepareds = prepared
        let rejections = rejected
        return try await store.write { repositories in
            let records = repositories.records(of: owner)
            try await records.changes.lock()
            let receipts = try await records.syncReceipts.receipts(for: changes.map(\.id))
            var results: [SyncChangeResult] = []
            var done: [UUID: SyncChangeResult] = [:]
            var kept: [Int] = []
            for (index, change) in changes.enumerated() {
                if receipts[change.id] != nil || done[change.id] != nil {
                    results.append(
                        SyncChangeResult(
                            changeID: change.id, status: .duplicate,
                            version: receipts[change.id]?.version ?? done[change.id]?.version,
                            server: try await current(change, in: records)))
                } else if let rejection = rejections[index] {
                    results.append(rejection)
                } else {
                    let result: SyncChangeResult
                    do {
                        result = try await repositories.atomically(field: "recordID") {
                            try await apply(change, prepareds[index], owner: owner, records: records, at: time)
                        }
                    } catch let error where Self.isRejection(error) {
                        result = Self.rejection(change, error)
                    }
                    if result.status == .applied || result.final == true { kept.append(results.count) }
                    done[change.id] = result
                    results.append(result)
                }
            }
            try await settle(&results, kept: kept, changes: changes, records: records, at: time)
            return results
        }
    }

    private func prepare(_ change: SyncChange) async throws -> PreparedRecord? {
        switch change.kind.conflictStrategy {
        case .serverOnly, .mergeByTimestamp, .appendAll:
            throw AppError.badRequest(t("sync.readOnly", ["kind": change.kind.rawValue]), field: "kind")
        case .serverWinsPerField:
            guard change.operation == .upsert, change.fields?.object != nil else {
                throw AppError.badRequest(t("sync.documentFields"), field: "fields")
            }
            return nil
        case .keepBothOrAsk:
            guard change.operation == .upsert else { return nil }
            guard let adapter = entries[change.kind], let fields = change.fields else {
                throw AppError.badRequest(t("sync.fieldsRequired"), field: "fields")
            }
            return try await adapter.prepare(fields, id: change.recordID)
        }
    }

    private func apply(
        _ change: SyncChange, _ prepared: PreparedRecord?, owner: UserID, records: PersonalRecords, at time: Date
    ) async throws -> SyncChangeResult {
        if let document = documents[change.kind] {
            return try await applyDocument(change, document, owner: owner, records: records, at: time)
        }
        guard let adapter = entries[change.kind] else {
            throw AppError.badRequest(t("sync.readOnly", ["kind": change.kind.rawValue]), field: "kind")
        }
        let id = change.recordID
        let logged = try await records.changes.latest(change.kind, recordIDs: [id])[id]
        let current = try await adapter.fields(of: [id], in: records)[id]
        let server = ServerState(
            version: logged?.sequence ?? (current == nil ? nil : 0), deleted: current == nil && logged?.deleted == true,
            fields: current)
        let serverRecord = SyncRecord(
            kind: change.kind, recordID: id, version: server.version ?? 0, deleted: server.deleted, fields: current)
        switch ConflictRules.decide(change, incoming: prepared?.fields, server: server) {
        case .apply(let setAsideServer):
            if setAsideServer, let current {
                try await keep(current, of: change, version: server.version, side: .server, in: records, at: time)
            }
            switch change.operation {
            case .upsert: try await prepared?.store(records, current != nil)
            case .delete: try await adapter.delete(id, in: records)
            }
            return SyncChangeResult(changeID: change.id, status: .applied)
        case .unchanged:
            return SyncChangeResult(changeID: change.id, status: .applied, version: server.version ?? 0)
        case .conflict:
            return SyncChangeResult(changeID: change.id, status: .conflict, server: serverRecord)
        case .deletedOnServer:
            try await keep(
                prepared?.fields ?? .null, of: change, version: change.baseVersion, side: .device, in: records, at: time)
            return SyncChangeResult(changeID: change.id, status: .conflict, server: serverRecord, final: true)
        case .keepServer:
            try await keep(change.fields ?? .null, of: change, version: change.baseVersion, side: .device, in: records, at: time)
            return SyncChangeResult(changeID: change.id, status: .applied, version: server.version ?? 0, server: serverRecord)
        }
    }

    /// Server wins per field: fields changed on the server since the device's base keep the server's
    /// value (the device's is kept in history); the others take the device's.
    private func applyDocument(
        _ change: SyncChange, _ document: DocumentSync, owner: UserID, records: PersonalRecords, at time: Date
    ) async throws -> SyncChangeResult {
        let id = owner.rawValue
        let changedOnServer = try await records.changes.changedFields(change.kind, recordID: id, after: change.baseVersion ?? 0)
        let device = (change.fields ?? .object([:])).leaves.filter { !$0.key.isEmpty }
        let (apply, overruled) = FieldMerge.serverWinsPerField(device: device, serverChangedSinceBase: changedOnServer)
        if !overruled.isEmpty {
            let lost = JSONValue(leaves: device.filter { overruled.contains($0.key) })
            try await keep(lost, of: change, version: change.baseVersion, side: .device, in: records, at: time)
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

    /// Fills in the versions the applied changes produced and keeps their receipts.
    private func settle(
        _ results: inout [SyncChangeResult], kept: [Int], changes: [SyncChange], records: PersonalRecords, at time: Date
    ) async throws {
        var byKind: [ChangeKind: [UUID]] = [:]
        for index in kept where results[index].version == nil {
            let change = changes[index]
            byKind[change.kind, default: []].append(recordID(of: change, owner: records.owner))
        }
        var versions: [ChangeKind: [UUID: LoggedChange]] = [:]
        for (kind, ids) in byKind { versions[kind] = try await records.changes.latest(kind, recordIDs: ids) }
        for index in kept {
            let change = changes[index]
            let recordID = recordID(of: change, owner: records.owner)
            if results[index].version == nil {
                results[index].version = versions[change.kind]?[recordID]?.sequence ?? 0
            }
            try await records.syncReceipts.keep(
                SyncReceipt(changeID: change.id, kind: change.kind, recordID: recordID, version: results[index].version!),
                at: time)
        }
    }

    private func keep(
        _ body: JSONValue, of change: SyncChange, version: Int64?, side: SetAsideVersion.Side, in records: PersonalRecords,
        at time: Date
    ) async throws {
        let reason =
            switch (side, change.resolution) {
            case (.device, .keepServer?): "keptServer"
            case (.device, _) where change.kind.conflictStrategy == .serverWinsPerField: "serverWonField"
            case (.device, _): "deletedOnServer"
            case (.server, .keepDevice?): "keptDevice"
            case (.server, .merged?): "merged"
            case (.server, _): change.operation == .delete ? "deletedOnDevice" : "replaced"
            }
        try await records.conflictHistory.keep(
            SetAsideVersion(
                id: ids.uuid(), kind: change.kind, recordID: recordID(of: change, owner: records.owner), version: version,
                side: side, reason: reason,
                body: body, keptAt: time))
    }

    /// The record a change is about: its own for an entry, the person's one document otherwise.
    private func recordID(of change: SyncChange, owner: UserID) -> UUID {
        documents[change.kind] == nil ? change.recordID : owner.rawValue
    }

    private static func isRejection(_ error: any Error) -> Bool {
        if case StoreError.conflict? = error as? StoreError { return true }
        return error is ValidationError || error is AppError
    }

    private static func rejection(_ change: SyncChange, _ error: any Error) -> SyncChangeResult {
        if case StoreError.conflict? = error as? StoreError {
            return SyncChangeResult(changeID: change.id, status: .rejected, message: t("sync.idTaken"), field: "recordID")
        }
        let problem = AppError(error)
        return SyncChangeResult(changeID: change.id, status: .rejected, message: problem.message, field: problem.field)
    }

    // MARK: Pull

    /// The newest state of each record changed after `cursor`, a page at a time. A first pull
    /// (cursor 0) also carries the documents never changed since sign-up (settings, goals and
    /// profile at their defaults), at version 0, so a new device starts with all of them.
    func pull(_ owner: UserID, after cursor: Int64, limit: Int) async throws -> ([SyncRecord], Int64, Bool) {
        let entries = entries
        let documents = documents
        return try await store.read { repositories in
            let records = repositories.records(of: owner)
            let (logged, more) = try await records.changes.changes(after: cursor, limit: limit)
            var fields: [ChangeKind: [UUID: JSONValue]] = [:]
            for (kind, changes) in Dictionary(grouping: logged.filter { !$0.deleted }, by: \.kind) {
                let ids = changes.compactMap(\.recordID)
                if let adapter = entries[kind] {
                    fields[kind] = try await adapter.fields(of: ids, in: records)
                } else if let body = try await Self.document(kind, of: records, documents) {
                    fields[kind] = [owner.rawValue: body]
                }
            }
            var synced = try logged.map { change -> SyncRecord in
                if let batch = change.sampleBatch {
                    return SyncRecord(
                        kind: .samples, recordID: nil, version: change.sequence, deleted: change.deleted,
                        fields: try JSONValue(encoding: batch))
                }
                let body = change.recordID.flatMap { fields[change.kind]?[$0] }
                return SyncRecord(
                    kind: change.kind, recordID: change.recordID, version: change.sequence,
                    deleted: change.deleted || body == nil, fields: change.deleted ? nil : body)
            }
            if cursor == 0 {
                for kind in [ChangeKind.profile, .settings, .goals] {
                    let logged = try await records.changes.latest(kind, recordIDs: [owner.rawValue])
                    guard logged.isEmpty, let body = try await Self.document(kind, of: records, documents) else { continue }
                    synced.insert(
                        SyncRecord(kind: kind, recordID: owner.rawValue, version: 0, deleted: false, fields: body), at: 0)
                }
            }
            return (synced, logged.last?.sequence ?? cursor, more)
        }
    }

    /// Where the record a change is about stands now, as a pull would give it.
    private func current(_ change: SyncChange, in records: PersonalRecords) async throws -> SyncRecord {
        let id = recordID(of: change, owner: records.owner)
        let version = try await records.changes.latest(change.kind, recordIDs: [id])[id]?.sequence ?? 0
        let body =
            if let adapter = entries[change.kind] {
                try await adapter.fields(of: [id], in: records)[id]
            } else {
                try await Self.document(change.kind, of: records, documents)
            }
        return SyncRecord(kind: change.kind, recordID: id, version: version, deleted: body == nil, fields: body)
    }

    /// A person's settings, goals or profile as a device sees it.
    private static func document(
        _ kind: ChangeKind, of records: PersonalRecords, _ documents: [ChangeKind: DocumentSync]
    ) async throws -> JSONValue? {
        if let document = documents[kind] { return try await document.current(records) }
        guard kind == .profile, let profile = try await records.profile.get() else { return nil }
        return try JSONValue(encoding: profile)
    }
}
