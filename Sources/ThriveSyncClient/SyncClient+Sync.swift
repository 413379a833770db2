import Foundation
import SQLiteNIO
import ThriveCore
import ThriveSync

extension SyncClient {
    /// Sends the queue and pulls the server's changes until both sides are current.
    @discardableResult
    public func sync(batchSize: Int = 500) async throws -> SyncReport {
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
        for row in rows {
            guard let id = row.column("change_id")?.string.flatMap(UUID.init(uuidString:)),
                let kind = row.column("kind")?.string.flatMap(ChangeKind.init(rawValue:)),
                let recordID = row.column("record_id")?.string.flatMap(UUID.init(uuidString:)),
                let operation = row.column("operation")?.string.flatMap(SyncChange.Operation.init(rawValue:)),
                let position = row.column("position")?.integer
            else { continue }
            let base = row.column("base_version")?.integer.map(Int64.init)
            if row.column("sealed")?.integer != 1 {
                try await store.query("UPDATE outbox SET sealed = 1 WHERE position = ?", [.integer(position)])
            }
            changes.append(
                SyncChange(
                    id: id, kind: kind, recordID: recordID, operation: operation, baseVersion: base,
                    fields: LocalSyncStore.json(row.column("fields")),
                    madeAt: Date(timeIntervalSince1970: row.column("made_at")?.double ?? 0),
                    resolution: row.column("resolution")?.string.flatMap(SyncChange.Resolution.init(rawValue:))))
        }
        return changes
    }

    /// Takes each change out of the queue with what the server made of it.
    private func settle(_ changes: [SyncChange], _ results: [SyncChangeResult], into report: inout SyncReport) async throws {
        for (change, result) in zip(changes, results) where change.id == result.changeID {
            try await store.query("DELETE FROM outbox WHERE change_id = ?", [.text(change.id.uuidString)])
            let key: [SQLiteData] = [.text(change.kind.rawValue), .text(change.recordID.uuidString)]
            // The next change of the record was made on top of this one: based on the version this
            // one produced, or, when it did not go through, on the version this one was based on.
            let produced = result.status == .applied || result.status == .duplicate ? result.version : change.baseVersion
            try await store.query(
                """
                UPDATE outbox SET base_version = ?, base_pending = 0 WHERE base_pending = 1 AND position =
                    (SELECT MIN(position) FROM outbox WHERE kind = ? AND record_id = ?)
                """, [LocalSyncStore.optional(produced)] + key)
            switch result.status {
            case .applied, .duplicate:
                report.applied += 1
                if let server = result.server {
                    try await absorb(server, kind: change.kind, id: change.recordID)
                } else {
                    try await store.query(
                        "UPDATE records SET server_version = ?, server_fields = fields WHERE kind = ? AND record_id = ?",
                        [LocalSyncStore.optional(result.version)] + key)
                }
            case .conflict where result.final == true:
                report.conflicts += 1
                if let server = result.server { try await takeServer(server, kind: change.kind, id: change.recordID) }
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
    }

    /// The server's changes: taken as they are, except for records with changes of this device
    /// still queued or in conflict, whose server copy is noted for the next round.
    private func apply(_ records: [SyncRecord]) async throws {
        for record in records {
            guard let id = record.recordID else {
                try await store.query(
                    "INSERT OR REPLACE INTO sample_batches (version, fields) VALUES (?, ?)",
                    [.integer(Int(record.version)), LocalSyncStore.text(record.fields)])
                continue
            }
            try await absorb(record, kind: record.kind, id: id)
        }
    }

    private func absorb(_ record: SyncRecord, kind: ChangeKind, id: UUID) async throws {
        let key: [SQLiteData] = [.text(kind.rawValue), .text(id.uuidString)]
        let busy = try await store.query(
            """
            SELECT 1 FROM outbox WHERE kind = ?1 AND record_id = ?2
            UNION ALL SELECT 1 FROM conflicts WHERE kind = ?1 AND record_id = ?2 LIMIT 1
            """, key)
        if busy.isEmpty {
            try await takeServer(record, kind: kind, id: id)
        } else {
            try await store.query(
                "UPDATE records SET server_version = ?, server_fields = ? WHERE kind = ? AND record_id = ?",
                [.integer(Int(record.version)), LocalSyncStore.text(record.fields)] + key)
        }
    }

    private func takeServer(_ record: SyncRecord, kind: ChangeKind, id: UUID) async throws {
        try await store.query(
            """
            INSERT INTO records (kind, record_id, fields, deleted, server_version, server_fields) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (kind, record_id) DO UPDATE SET fields = excluded.fields, deleted = excluded.deleted,
            server_version = excluded.server_version, server_fields = excluded.server_fields
            """,
            [
                .text(kind.rawValue), .text(id.uuidString), LocalSyncStore.text(record.deleted ? nil : record.fields),
                .integer(record.deleted ? 1 : 0), .integer(Int(record.version)),
                LocalSyncStore.text(record.deleted ? nil : record.fields),
            ])
    }
}
