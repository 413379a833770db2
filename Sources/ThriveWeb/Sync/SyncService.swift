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
        guard (0...SyncLimits.maxPage).contains(limit) else {
            throw AppError.badRequest(t("sync.limit", ["max": String(SyncLimits.maxPage)]), field: "limit")
        }
        guard request.cursor >= 0 else { throw AppError.badRequest(t("sync.cursor"), field: "cursor") }
        let results = try await push(owner, request.changes)
        // The device knows the entries it just wrote (each result has the version, and the server's
        // copy when it differs from what was sent): those log entries are not sent back to it.
        var echoes = Set<LoggedVersion>()
        for (change, result) in zip(request.changes, results)
        where result.status == .applied && result.server == nil && entries[change.kind] != nil {
            if let version = result.version { echoes.insert(LoggedVersion(kind: change.kind, sequence: version)) }
        }
        // A limit of 0 only sends (a browser keeps no copy of records to pull into).
        let (records, cursor, more) =
            limit == 0
            ? ([], request.cursor, false) : try await pull(owner, after: request.cursor, limit: limit, skipping: echoes)
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
        let service = self
        func run(everyChangeAlone: Bool) async throws -> [SyncChangeResult] {
            try await store.write { repositories in
                let results = try await SyncBatch(
                    service: service, repositories: repositories, records: repositories.records(of: owner), time: time,
                    changes: changes, prepared: prepareds, rejections: rejections, everyChangeAlone: everyChangeAlone
                ).run()
                // What a device kept offline is data arriving too: its alerts are evaluated after the commit.
                try await repositories.jobs.enqueue(SafetyEvaluationJob.job(for: owner, at: time, ids: service.ids))
                return results
            }
        }
        do {
            return try await run(everyChangeAlone: false)
        } catch {
            // A batched write failed (say, an ID another person took a moment ago): the whole
            // transaction rolled back, so go again one change at a time, each able to fail alone.
            return try await run(everyChangeAlone: true)
        }
    }

    private func prepare(_ change: SyncChange) async throws -> PreparedRecord? {
        switch change.kind.conflictStrategy {
        case .mergeByTimestamp where change.kind == .habitCheckIn, .appendAll where change.kind == .testKit:
            // Checked against the day (or the kit) as it stands when the batch reaches it.
            return nil
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
            guard fields.object != nil else { throw AppError.badRequest(t("sync.fieldsObject"), field: "fields") }
            return try await adapter.prepare(fields, id: change.recordID)
        }
    }

    static func isRejection(_ error: any Error) -> Bool {
        if case StoreError.conflict? = error as? StoreError { return true }
        return error is ValidationError || error is AppError
    }

    static func rejection(_ change: SyncChange, _ error: any Error) -> SyncChangeResult {
        if case StoreError.conflict? = error as? StoreError { return unknownRecord(change) }
        let problem = AppError(error)
        return SyncChangeResult(changeID: change.id, status: .rejected, message: problem.message, field: problem.field)
    }

    /// A record ID this person has no record under, whether another person's or nobody's: the
    /// answer is the same, so it tells nothing of what others hold.
    static func unknownRecord(_ change: SyncChange) -> SyncChangeResult {
        SyncChangeResult(changeID: change.id, status: .rejected, message: t("sync.unknownRecord"), field: "recordID")
    }

    // MARK: Pull

    /// The newest state of each record changed after `cursor`, a page at a time. A first pull
    /// (cursor 0) also carries the documents never changed since sign-up (settings, goals and
    /// profile at their defaults), at version 0, so a new device starts with all of them.
    func pull(_ owner: UserID, after cursor: Int64, limit: Int, skipping echoes: Set<LoggedVersion> = [])
        async throws -> ([SyncRecord], Int64, Bool)
    {
        let entries = entries
        let documents = documents
        return try await store.read { repositories in
            let records = repositories.records(of: owner)
            let (page, more) = try await records.changes.changes(after: cursor, limit: limit)
            let logged = page.filter { !echoes.contains(LoggedVersion(kind: $0.kind, sequence: $0.sequence)) }
            var fields: [ChangeKind: [UUID: JSONValue]] = [:]
            for (kind, changes) in Dictionary(grouping: logged.filter { !$0.deleted }, by: \.kind) {
                let ids = changes.compactMap(\.recordID)
                if kind == .habitCheckIn {
                    fields[kind] = try await HabitCheckInSync.fields(changes, in: records)
                } else if let adapter = entries[kind] {
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
            return (synced, page.last?.sequence ?? cursor, more)
        }
    }

    /// A person's settings, goals or profile as a device sees it.
    static func document(
        _ kind: ChangeKind, of records: PersonalRecords, _ documents: [ChangeKind: DocumentSync]
    ) async throws -> JSONValue? {
        if let document = documents[kind] { return try await document.current(records) }
        guard kind == .profile, let profile = try await records.profile.get() else { return nil }
        return try JSONValue(encoding: profile)
    }
}

/// A log entry by kind and sequence number: what a device's own applied change produced.
struct LoggedVersion: Hashable {
    let kind: ChangeKind
    let sequence: Int64
}
