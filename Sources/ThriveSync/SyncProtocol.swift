import Foundation
import ThriveCore

/// `POST /api/v1/mobile/sync`: a device sends the changes it made (oldest first) and the cursor of
/// the last server change it holds; it gets back what became of each change and the server's
/// changes since its cursor, a page at a time.
public struct SyncRequest: Hashable, Sendable, Codable, ClosedKeys {
    /// The `cursor` of the last answer (0 the first time).
    public var cursor: Int64
    public var changes: [SyncChange]
    /// At most this many server changes in the answer (default ``SyncLimits/defaultPage``); 0 only
    /// sends changes (the answer keeps the request's cursor).
    public var limit: Int?
    /// Also send the offline snapshot (with the last page of changes).
    public var snapshot: Bool?

    public init(cursor: Int64, changes: [SyncChange] = [], limit: Int? = nil, snapshot: Bool? = nil) {
        self.cursor = cursor
        self.changes = changes
        self.limit = limit
        self.snapshot = snapshot
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case cursor, changes, limit, snapshot
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(besides: CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cursor = try container.decode(Int64.self, forKey: .cursor)
        changes = try container.decode([SyncChange].self, forKey: .changes)
        limit = try container.decodeIfPresent(Int.self, forKey: .limit)
        snapshot = try container.decodeIfPresent(Bool.self, forKey: .snapshot)
    }
}

/// The limits a sync request must keep.
public enum SyncLimits {
    public static let maxChanges = 1_000
    public static let defaultPage = 500
    public static let maxPage = 2_000
}

/// One change a device made.
public struct SyncChange: Hashable, Sendable, Codable, Identifiable, ClosedKeys {
    public enum Operation: String, Hashable, Sendable, Codable {
        case upsert, delete
    }

    /// How the person settled a conflict this change answers.
    public enum Resolution: String, Hashable, Sendable, Codable {
        /// The device's version replaces the server's (which is kept in history).
        case keepDevice
        /// The fields are a field-by-field merge of both (the server's version is kept in history).
        case merged
        /// The server's version stays; the device's (in `fields`) is kept in history.
        case keepServer
    }

    /// Made on the device, unique for ever: sending the same change again is always safe.
    public var id: UUID
    public var kind: ChangeKind
    /// The record; for a document (settings, goals) anything, the server uses the person's own.
    public var recordID: UUID
    public var operation: Operation
    /// The server version the device edited (`nil` for a record the device created).
    public var baseVersion: Int64?
    /// For an entry: the whole record, as the entries API takes it. For a document: the fields changed.
    public var fields: JSONValue?
    /// When the person made the change, by the device's clock.
    public var madeAt: Date
    public var resolution: Resolution?

    public init(
        id: UUID, kind: ChangeKind, recordID: UUID, operation: Operation, baseVersion: Int64? = nil,
        fields: JSONValue? = nil, madeAt: Date, resolution: Resolution? = nil
    ) {
        self.id = id
        self.kind = kind
        self.recordID = recordID
        self.operation = operation
        self.baseVersion = baseVersion
        self.fields = fields
        self.madeAt = madeAt
        self.resolution = resolution
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case id, kind, recordID, operation, baseVersion, fields, madeAt, resolution
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(besides: CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        kind = try container.decode(ChangeKind.self, forKey: .kind)
        recordID = try container.decode(UUID.self, forKey: .recordID)
        operation = try container.decode(Operation.self, forKey: .operation)
        baseVersion = try container.decodeIfPresent(Int64.self, forKey: .baseVersion)
        // Fields are an object nearly always: asked for first, it costs no failed guesses.
        if let object = try? container.decodeIfPresent([String: JSONValue].self, forKey: .fields) {
            fields = .object(object)
        } else {
            fields = try container.decodeIfPresent(JSONValue.self, forKey: .fields)
        }
        madeAt = try container.decode(Date.self, forKey: .madeAt)
        resolution = try container.decodeIfPresent(Resolution.self, forKey: .resolution)
    }
}

/// A record as the server holds it now.
public struct SyncRecord: Hashable, Sendable, Codable {
    public var kind: ChangeKind
    /// `nil` for a batch of samples.
    public var recordID: UUID?
    /// The sequence number of the record's last change: the version a device edits from.
    public var version: Int64
    /// A tombstone: the record was deleted.
    public var deleted: Bool
    /// The record's fields (as the entries API shows them), a document, or a batch's ``SampleBatch``.
    public var fields: JSONValue?

    public init(kind: ChangeKind, recordID: UUID?, version: Int64, deleted: Bool, fields: JSONValue?) {
        self.kind = kind
        self.recordID = recordID
        self.version = version
        self.deleted = deleted
        self.fields = fields
    }
}

/// What became of one change.
public struct SyncChangeResult: Hashable, Sendable, Codable {
    public enum Status: String, Hashable, Sendable, Codable {
        /// Applied now.
        case applied
        /// Handled before (the same change ID): nothing done again. `server` says where the record
        /// stands now, since the first answer may have been lost and the change may have lost then.
        case duplicate
        /// Not applied: the server's version differs. See `final` for whether the person decides.
        case conflict
        /// Not applied: the change is invalid (see `message`); sending it again will not help.
        case rejected
    }

    public var changeID: UUID
    public var status: Status
    /// The record's version after the change (applied, duplicate).
    public var version: Int64?
    /// The server's version of the record, for a conflict, a duplicate, or when fields were overruled.
    public var server: SyncRecord?
    /// A conflict already settled by the kind's rule (a deletion won): the device should take the
    /// server's state. Its version is kept in history.
    public var final: Bool?
    /// Fields of a document the server's newer value kept (server wins per field).
    public var overruled: [String]?
    /// For a rejected change: what is wrong, in the person's language, and which field.
    public var message: String?
    public var field: String?

    public init(
        changeID: UUID, status: Status, version: Int64? = nil, server: SyncRecord? = nil, final: Bool? = nil,
        overruled: [String]? = nil, message: String? = nil, field: String? = nil
    ) {
        self.changeID = changeID
        self.status = status
        self.version = version
        self.server = server
        self.final = final
        self.overruled = overruled
        self.message = message
        self.field = field
    }
}

public struct SyncResponse: Hashable, Sendable, Codable {
    /// One per change sent, in the same order.
    public var results: [SyncChangeResult]
    /// The server's changes after the request's cursor: the newest state of each record.
    public var changes: [SyncRecord]
    /// Send this back next time.
    public var cursor: Int64
    /// More server changes wait: ask again with `cursor`.
    public var more: Bool
    /// When asked for, on the last page: what a device shows while offline.
    public var snapshot: OfflineSnapshot?

    public init(
        results: [SyncChangeResult], changes: [SyncRecord], cursor: Int64, more: Bool, snapshot: OfflineSnapshot? = nil
    ) {
        self.results = results
        self.changes = changes
        self.cursor = cursor
        self.more = more
        self.snapshot = snapshot
    }
}

/// The last 7 days as the dashboard shows them, for a device to show while offline (with the time
/// it was made, the "data from …" a person sees).
public struct OfflineSnapshot: Hashable, Sendable, Codable {
    public var generatedAt: Date
    /// The Deep dashboard, as `GET /api/v1/mobile/dashboard?mode=deep` gives it: scores with their
    /// 7-day history, each pillar's 7-day trend, today's figures, cards and the week's progress.
    public var dashboard: JSONValue
    /// Each of the last 7 days' figures (steps, active minutes, sleep, meals, mood), oldest first.
    public var days: [Day]
    /// The day's insights, most important first (up to 20).
    public var insights: [JSONValue]

    public struct Day: Hashable, Sendable, Codable {
        /// The person's calendar day, `YYYY-MM-DD`.
        public var date: String
        public var figures: [JSONValue]

        public init(date: String, figures: [JSONValue]) {
            self.date = date
            self.figures = figures
        }
    }

    public init(generatedAt: Date, dashboard: JSONValue, days: [Day], insights: [JSONValue]) {
        self.generatedAt = generatedAt
        self.dashboard = dashboard
        self.days = days
        self.insights = insights
    }
}
