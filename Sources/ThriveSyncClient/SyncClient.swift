import Foundation
import SQLiteNIO
import ThriveCore
import ThriveSync

/// A record as this device holds it: the person's latest version, queued or synced.
public struct LocalRecord: Hashable, Sendable {
    public let kind: ChangeKind
    public let id: UUID
    public let fields: JSONValue?
    public let deleted: Bool
    /// The server version this copy is based on; `nil` for a record the server has not seen yet.
    public let serverVersion: Int64?
}

/// A change the server could not apply because its copy changed meanwhile: the person chooses.
public struct PendingConflict: Hashable, Sendable {
    public let changeID: UUID
    public let kind: ChangeKind
    public let recordID: UUID
    public let mine: JSONValue?
    public let server: SyncRecord
}

/// How the person settles a conflict.
public enum ConflictChoice: Hashable, Sendable {
    case keepMine
    case keepServer
    /// Their own field-by-field merge of both versions (kinds that allow it).
    case merged(JSONValue)
}

/// What one ``SyncClient/sync()`` did.
public struct SyncReport: Hashable, Sendable {
    public var sent = 0
    public var applied = 0
    public var pulled = 0
    public var conflicts = 0
    public var rejected: [String] = []
}

/// The sync protocol on a device: edits are saved locally at once and queued; ``sync()`` sends the
/// queue (oldest first, one change per record per round, so each is based on the version the
/// previous one produced), applies the server's answer and its changes, and repeats until both
/// sides are current. A change keeps its ID until the server acknowledges it, so resending after a
/// lost answer is always safe.
public actor SyncClient {
    let store: LocalSyncStore
    let transport: any SyncTransport
    let now: @Sendable () -> Date
    let newID: @Sendable () -> UUID

    public init(
        store: LocalSyncStore, transport: any SyncTransport, now: @escaping @Sendable () -> Date = { Date() },
        newID: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.store = store
        self.transport = transport
        self.now = now
        self.newID = newID
    }

    // MARK: Local edits

    /// Saves a record (an entry's whole fields) or a document's changed fields, and queues it.
    @discardableResult
    public func save(_ kind: ChangeKind, id: UUID? = nil, fields: JSONValue) async throws -> UUID {
        let isDocument = kind.conflictStrategy == .serverWinsPerField
        var known = id
        if known == nil, isDocument { known = try await documentID(kind) }
        let recordID = known ?? newID()
        try await store.transaction {
            let current = try await self.record(kind, recordID)
            let visible = isDocument ? Self.merging(fields, into: current?.fields) : fields
            try await store.query(
                """
                INSERT INTO records (kind, record_id, fields, deleted) VALUES (?, ?, ?, 0)
                ON CONFLICT (kind, record_id) DO UPDATE SET fields = excluded.fields, deleted = 0
                """, [.text(kind.rawValue), .text(recordID.uuidString), LocalSyncStore.text(visible)])
            try await enqueue(kind, recordID, .upsert, fields: fields, document: isDocument)
        }
        return recordID
    }

    public func delete(_ kind: ChangeKind, id: UUID) async throws {
        try await store.transaction {
            try await store.query(
                "UPDATE records SET deleted = 1, fields = NULL WHERE kind = ? AND record_id = ?",
                [.text(kind.rawValue), .text(id.uuidString)])
            try await enqueue(kind, id, .delete, fields: nil, document: false)
        }
    }

    /// Queues a change, folding it into a queued change of the same record not yet sent. A change
    /// is based on the server version the device's copy came from when the edit was made; one
    /// made on top of a change still waiting for the server's answer is based on whatever version
    /// that change produces, settled when the answer comes (``settle``). Never on a version pulled
    /// later: an edit made before the device saw a deletion or another device's edit must say so.
    private func enqueue(
        _ kind: ChangeKind, _ id: UUID, _ operation: SyncChange.Operation, fields: JSONValue?, document: Bool
    ) async throws {
        let key: [SQLiteData] = [.text(kind.rawValue), .text(id.uuidString)]
        // Editing a record whose conflict waits answers the conflict: the new version is the
        // person's, made having been shown the server's.
        let shown = try await store.query(
            "DELETE FROM conflicts WHERE kind = ? AND record_id = ? RETURNING server_version", key
        ).compactMap { $0.column("server_version")?.integer }.max()
        let unsent = try await store.query(
            "SELECT position, fields FROM outbox WHERE kind = ? AND record_id = ? AND sealed = 0 ORDER BY position DESC LIMIT 1",
            key
        ).first
        if let unsent, let position = unsent.column("position")?.integer {
            // A record made here and deleted before the server ever heard of it: nothing to send
            // (the server refuses to delete a record it never had).
            if operation == .delete, try await neverSent(key) {
                try await store.query("DELETE FROM outbox WHERE position = ?", [.integer(position)])
                try await store.query("DELETE FROM records WHERE kind = ? AND record_id = ?", key)
                return
            }
            let folded = document ? Self.merging(fields, into: LocalSyncStore.json(unsent.column("fields"))) : fields
            try await store.query(
                """
                UPDATE outbox SET operation = ?, fields = ?, made_at = ?,
                    base_version = COALESCE(?5, base_version), base_pending = base_pending AND ?5 IS NULL
                WHERE position = ?4
                """,
                [
                    .text(operation.rawValue), LocalSyncStore.text(folded), .float(now().timeIntervalSince1970),
                    .integer(position), shown.map(SQLiteData.integer) ?? .null,
                ])
            return
        }
        try await store.query(
            """
            INSERT INTO outbox (change_id, kind, record_id, operation, fields, made_at, base_pending, base_version)
            SELECT ?1, ?2, ?3, ?4, ?5, ?6, w.pending AND ?7 IS NULL, CASE WHEN ?7 IS NOT NULL THEN ?7 WHEN w.pending THEN NULL
                ELSE (SELECT server_version FROM records WHERE kind = ?2 AND record_id = ?3) END
            FROM (SELECT EXISTS (SELECT 1 FROM outbox WHERE kind = ?2 AND record_id = ?3) AS pending) w
            """,
            [.text(newID().uuidString)] + key + [
                .text(operation.rawValue), LocalSyncStore.text(fields), .float(now().timeIntervalSince1970),
                shown.map(SQLiteData.integer) ?? .null,
            ])
    }

    /// Whether the server has never held this record and no change of it is on its way there.
    private func neverSent(_ key: [SQLiteData]) async throws -> Bool {
        try await store.query(
            """
            SELECT 1 FROM records WHERE kind = ?1 AND record_id = ?2 AND server_version IS NULL
            AND NOT EXISTS (SELECT 1 FROM outbox WHERE kind = ?1 AND record_id = ?2 AND sealed = 1)
            """, key
        ).isEmpty == false
    }

    /// A document's changed fields merged into the fields held, leaf by leaf.
    static func merging(_ changed: JSONValue?, into current: JSONValue?) -> JSONValue? {
        guard let changed else { return current }
        var leaves = current?.leaves ?? [:]
        for (path, value) in changed.leaves {
            leaves = leaves.filter { !FieldMerge.overlaps($0.key, path) }
            leaves[path] = value
        }
        return JSONValue(leaves: leaves)
    }

    private func documentID(_ kind: ChangeKind) async throws -> UUID? {
        try await store.query("SELECT record_id FROM records WHERE kind = ? LIMIT 1", [.text(kind.rawValue)]).first?
            .column("record_id")?.string.flatMap(UUID.init(uuidString:))
    }

    // MARK: Reading

    public func records(_ kind: ChangeKind, includingDeleted: Bool = false) async throws -> [LocalRecord] {
        try await store.query(
            "SELECT * FROM records WHERE kind = ?\(includingDeleted ? "" : " AND deleted = 0") ORDER BY record_id",
            [.text(kind.rawValue)]
        ).compactMap(Self.record)
    }

    func record(_ kind: ChangeKind, _ id: UUID) async throws -> LocalRecord? {
        try await store.query(
            "SELECT * FROM records WHERE kind = ? AND record_id = ?", [.text(kind.rawValue), .text(id.uuidString)]
        ).first.flatMap(Self.record)
    }

    /// Changes waiting to be sent (or acknowledged).
    public func queued() async throws -> Int {
        try await store.query("SELECT COUNT(*) AS n FROM outbox").first?.column("n")?.integer ?? 0
    }

    public func conflicts() async throws -> [PendingConflict] {
        try await store.query("SELECT * FROM conflicts ORDER BY rowid").compactMap { row in
            guard let id = row.column("change_id")?.string.flatMap(UUID.init(uuidString:)),
                let kind = row.column("kind")?.string.flatMap(ChangeKind.init(rawValue:)),
                let recordID = row.column("record_id")?.string.flatMap(UUID.init(uuidString:))
            else { return nil }
            return PendingConflict(
                changeID: id, kind: kind, recordID: recordID, mine: LocalSyncStore.json(row.column("mine")),
                server: SyncRecord(
                    kind: kind, recordID: recordID, version: Int64(row.column("server_version")?.integer ?? 0),
                    deleted: row.column("server_deleted")?.integer == 1, fields: LocalSyncStore.json(row.column("server_fields")))
            )
        }
    }

    public func cursor() async throws -> Int64 {
        try await store.query("SELECT value FROM sync_state WHERE key = 'cursor'").first?.column("value")?.string
            .flatMap(Int64.init) ?? 0
    }

    static func record(_ row: SQLiteRow) -> LocalRecord? {
        guard let kind = row.column("kind")?.string.flatMap(ChangeKind.init(rawValue:)),
            let id = row.column("record_id")?.string.flatMap(UUID.init(uuidString:))
        else { return nil }
        return LocalRecord(
            kind: kind, id: id, fields: LocalSyncStore.json(row.column("fields")), deleted: row.column("deleted")?.integer == 1,
            serverVersion: row.column("server_version")?.integer.map(Int64.init))
    }

    // MARK: Conflicts

    /// Settles a conflict as the person chose; the choice goes to the server with the next sync.
    public func resolve(_ conflict: PendingConflict, _ choice: ConflictChoice) async throws {
        let (fields, resolution): (JSONValue?, SyncChange.Resolution) =
            switch choice {
            case .keepMine: (conflict.mine, .keepDevice)
            case .keepServer: (conflict.mine, .keepServer)
            case .merged(let fields): (fields, .merged)
            }
        try await store.transaction {
            let waiting = try await store.query(
                "DELETE FROM conflicts WHERE change_id = ? RETURNING change_id", [.text(conflict.changeID.uuidString)])
            // A later edit of the record settled it already (see ``enqueue``).
            guard !waiting.isEmpty else { return }
            let key: [SQLiteData] = [.text(conflict.kind.rawValue), .text(conflict.recordID.uuidString)]
            if choice == .keepServer {
                // The newest server copy known, which may be newer than the one the conflict showed.
                try await store.query(
                    "UPDATE records SET fields = server_fields, deleted = (server_fields IS NULL) WHERE kind = ? AND record_id = ?",
                    key)
            } else {
                try await store.query(
                    "UPDATE records SET fields = ?, deleted = 0 WHERE kind = ? AND record_id = ?",
                    [LocalSyncStore.text(fields)] + key)
            }
            try await store.query(
                """
                INSERT INTO outbox (change_id, kind, record_id, operation, base_version, sealed, fields, made_at, resolution)
                VALUES (?, ?, ?, 'upsert', ?, 1, ?, ?, ?)
                """,
                [
                    .text(newID().uuidString), .text(conflict.kind.rawValue), .text(conflict.recordID.uuidString),
                    .integer(Int(conflict.server.version)), LocalSyncStore.text(fields), .float(now().timeIntervalSince1970),
                    .text(resolution.rawValue),
                ])
        }
    }
}
