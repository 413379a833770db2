import Foundation
import SQLiteNIO
import ThriveCore
import ThriveSync

extension SyncClient {
    /// Sends the queue and pulls the server's changes until both sides are current, in batches as
    /// large as the server takes (fewer round trips and transactions).
    @discardableResult
    public func sync(batchSize: Int = SyncLimits.maxChanges) async throws -> SyncReport {
        var report = SyncReport()
        while true {
            let changes = try await nextBatch(limit: batchSize)
            // The offline snapshot comes with the last round: when this batch empties the queue.
            let request = SyncRequest(
                cursor: try await cursor(), changes: changes, limit: batchSize, snapshot: changes.count < batchSize)
            let response = try await transport.send(request)
            try await store.transaction {
                try await settle(changes, response.results, into: &report)
                try await apply(response.changes)
                try await keep("cursor", String(response.cursor))
                if let snapshot = response.snapshot {
                    try await keep("snapshot", String(decoding: try SyncJSON.encoder.encode(snapshot), as: UTF8.self))
                }
            }
            report.sent += changes.count
            report.pulled += response.changes.count
            if changes.isEmpty, !response.more { return report }
        }
    }

    private func keep(_ key: String, _ value: String) async throws {
        try await store.query(
            "INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [.text(key), .text(value)])
    }

    /// The last 7 days as the server last sent them, to show while offline.
    public func snapshot() async throws -> OfflineSnapshot? {
        guard
            let text = try await store.query("SELECT value FROM sync_state WHERE key = 'snapshot'").first?.column("value")?.string
        else { return nil }
        return try SyncJSON.decoder.decode(OfflineSnapshot.self, from: Data(text.utf8))
    }

    /// The oldest queued change of each record, oldest first; once sent, a change is sealed (no
    /// later edit folds into it), so every resend is the same change.
    private func nextBatch(limit: Int) async throws -> [SyncChange] {
        let rows = try await store.query(
            """
            SELECT o.* FROM outbox o
            WHERE o.position = (SELECT MIN(p.position) FROM outbox p WHERE p.kind = o.kind AND p.record_id = o.record_id)
            ORDER BY o.position LIMIT ?
            """, [.integer(limit)])
        var changes: [SyncChange] = []
        var unsealed: [SQLiteData] = []
        for row in rows {
            guard let id = row.column("change_id")?.string.flatMap(UUID.init(uuidString:)),
                let kind = row.column("kind")?.string.flatMap(ChangeKind.init(rawValue:)),
                let recordID = row.column("record_id")?.string.flatMap(UUID.init(uuidString:)),
                let operation = row.column("operation")?.string.flatMap(SyncChange.Operation.init(rawValue:)),
                let position = row.column("position")?.integer
            else { continue }
            let base = row.column("base_version")?.integer.map(Int64.init)
            if row.column("sealed")?.integer != 1 { unsealed.append(.integer(position)) }
            changes.append(
                SyncChange(
                    id: id, kind: kind, recordID: recordID, operation: operation, baseVersion: base,
                    fields: LocalSyncStore.json(row.column("fields")),
                    madeAt: Date(timeIntervalSince1970: row.column("made_at")?.double ?? 0),
                    resolution: row.column("resolution")?.string.flatMap(SyncChange.Resolution.init(rawValue:))))
        }
        if !unsealed.isEmpty {
            try await store.query("UPDATE outbox SET sealed = 1 WHERE position IN \(Self.placeholders(unsealed.count))", unsealed)
        }
        return changes
    }

    /// `(?, ?, …)` for `count` values.
    static func placeholders(_ count: Int) -> String {
        "(" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
    }

    /// `VALUES (?, ?, ?), …`: `rows` rows of `columns` values each.
    static func values(rows: Int, columns: Int) -> String {
        "VALUES " + Array(repeating: placeholders(columns), count: rows).joined(separator: ", ")
    }

    /// Takes each change out of the queue with what the server made of it: the common answers
    /// (applied, duplicate) in a few statements for the whole batch, the rare ones one by one.
    private func settle(_ changes: [SyncChange], _ results: [SyncChangeResult], into report: inout SyncReport) async throws {
        let answered = zip(changes, results).filter { $0.id == $1.changeID }
        guard !answered.isEmpty else { return }
        try await store.query(
            "DELETE FROM outbox WHERE change_id IN \(Self.placeholders(answered.count))",
            answered.map { .text($0.0.id.uuidString) })
        // The next change of a record was made on top of this one: based on the version this one
        // produced, or, when it did not go through, on the version this one was based on.
        try await store.query(
            """
            UPDATE outbox SET base_version = v.column3, base_pending = 0
            FROM (\(Self.values(rows: answered.count, columns: 3))) AS v
            WHERE outbox.base_pending = 1 AND outbox.kind = v.column1 AND outbox.record_id = v.column2
            """,
            answered.flatMap { change, result -> [SQLiteData] in
                let produced = result.status == .applied || result.status == .duplicate ? result.version : change.baseVersion
                return [.text(change.kind.rawValue), .text(change.recordID.uuidString), LocalSyncStore.optional(produced)]
            })
        var acknowledged: [(SyncChange, Int64?)] = []
        var serverCopies: [SyncRecord] = []
        for (change, result) in answered {
            let key: [SQLiteData] = [.text(change.kind.rawValue), .text(change.recordID.uuidString)]
            switch result.status {
            case .applied, .duplicate:
                report.applied += 1
                if let server = result.server {
                    serverCopies.append(server)
                } else {
                    acknowledged.append((change, result.version))
                }
            case .conflict where result.final == true:
                report.conflicts += 1
                if let server = result.server { serverCopies.append(server) }
            case .conflict:
                report.conflicts += 1
                guard let server = result.server else { continue }
                try await store.query(
                    """
                    INSERT OR REPLACE INTO conflicts (change_id, kind, record_id, mine, server_version, server_fields, server_deleted)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                    [.text(change.id.uuidString)] + key + [
                        LocalSyncStore.text(change.fields), .integer(Int(server.version)), LocalSyncStore.text(server.fields),
                        .integer(server.deleted ? 1 : 0),
                    ])
                try await store.query(
                    "UPDATE records SET server_version = ?, server_fields = ? WHERE kind = ? AND record_id = ?",
                    [.integer(Int(server.version)), LocalSyncStore.text(server.fields)] + key)
            case .rejected:
                report.rejected.append(result.message ?? change.kind.rawValue)
                try await store.query(
                    "INSERT OR REPLACE INTO rejections (change_id, kind, record_id, message, field) VALUES (?, ?, ?, ?, ?)",
                    [.text(change.id.uuidString)] + key + [
                        result.message.map(SQLiteData.text) ?? .null, result.field.map(SQLiteData.text) ?? .null,
                    ])
                // The device's copy goes back to the server's (or away, if the server never had it).
                try await store.query(
                    "UPDATE records SET fields = server_fields, deleted = (server_version IS NULL) WHERE kind = ? AND record_id = ?",
                    key)
            }
        }
        if !acknowledged.isEmpty {
            // The device's copy is now the server's, at the version the change produced.
            try await store.query(
                """
                UPDATE records SET server_version = v.column3, server_fields = records.fields
                FROM (\(Self.values(rows: acknowledged.count, columns: 3))) AS v
                WHERE records.kind = v.column1 AND records.record_id = v.column2
                """,
                acknowledged.flatMap { change, version -> [SQLiteData] in
                    [.text(change.kind.rawValue), .text(change.recordID.uuidString), LocalSyncStore.optional(version)]
                })
        }
        try await absorb(serverCopies)
    }

    /// The server's changes: taken as they are, except for records with changes of this device
    /// still queued or in conflict, whose server copy is noted for the next round.
    private func apply(_ records: [SyncRecord]) async throws {
        let batches = records.filter { $0.recordID == nil }
        if !batches.isEmpty {
            try await store.query(
                "INSERT OR REPLACE INTO sample_batches (version, fields) \(Self.values(rows: batches.count, columns: 2))",
                batches.flatMap { [.integer(Int($0.version)), LocalSyncStore.text($0.fields)] })
        }
        try await absorb(records.filter { $0.recordID != nil })
    }

    /// Server copies of records, in three statements: which have changes of this device waiting,
    /// the others taken as they are, and the waiting ones' server copy noted.
    private func absorb(_ records: [SyncRecord]) async throws {
        let records = records.filter { $0.recordID != nil }
        guard !records.isEmpty else { return }
        let ids = records.map { SQLiteData.text($0.recordID!.uuidString) }
        let busyRows = try await store.query(
            """
            SELECT kind, record_id FROM outbox WHERE record_id IN \(Self.placeholders(ids.count))
            UNION SELECT kind, record_id FROM conflicts WHERE record_id IN \(Self.placeholders(ids.count))
            """, ids + ids)
        let busy = Set(
            busyRows.compactMap { row in row.column("kind")?.string.flatMap { $0 + " " + (row.column("record_id")?.string ?? "") }
            })
        let (waiting, free) = records.reduce(into: ([SyncRecord](), [SyncRecord]())) { split, record in
            if busy.contains(record.kind.rawValue + " " + record.recordID!.uuidString) {
                split.0.append(record)
            } else {
                split.1.append(record)
            }
        }
        if !free.isEmpty {
            try await store.query(
                """
                INSERT INTO records (kind, record_id, fields, deleted, server_version, server_fields)
                \(Self.values(rows: free.count, columns: 6))
                ON CONFLICT (kind, record_id) DO UPDATE SET fields = excluded.fields, deleted = excluded.deleted,
                server_version = excluded.server_version, server_fields = excluded.server_fields
                """,
                free.flatMap { record -> [SQLiteData] in
                    let fields = LocalSyncStore.text(record.deleted ? nil : record.fields)
                    return [
                        .text(record.kind.rawValue), .text(record.recordID!.uuidString), fields, .integer(record.deleted ? 1 : 0),
                        .integer(Int(record.version)), fields,
                    ]
                })
        }
        if !waiting.isEmpty {
            try await store.query(
                """
                UPDATE records SET server_version = v.column3, server_fields = v.column4
                FROM (\(Self.values(rows: waiting.count, columns: 4))) AS v
                WHERE records.kind = v.column1 AND records.record_id = v.column2
                """,
                waiting.flatMap { record -> [SQLiteData] in
                    [
                        .text(record.kind.rawValue), .text(record.recordID!.uuidString), .integer(Int(record.version)),
                        LocalSyncStore.text(record.fields),
                    ]
                })
        }
    }
}
