import Foundation
import ThriveCore

/// How a kind's conflicting edits are settled. Declared here, once, for every kind.
public enum ConflictStrategy: String, Sendable, Hashable, CaseIterable {
    /// Measurements and log entries: an edit of a record that changed elsewhere since is put to the
    /// person (keep theirs, keep the server's, keep both, or merge field by field where the kind
    /// has several fields).
    case keepBothOrAsk
    /// Settings and goals: field by field, a field the server changed since the device's base keeps
    /// the server's value; every other field takes the device's (the last writer).
    case serverWinsPerField
    /// Habit check-ins: of two check-ins of the same habit and day, the later one (by when it was
    /// made) wins, whichever arrives first.
    case mergeByTimestamp
    /// Chat messages and test kit registrations: every one is applied as it comes; there is
    /// nothing to conflict.
    case appendAll
    /// Written only by the server (device samples, imports, the profile): devices read them.
    case serverOnly
}

extension ChangeKind {
    /// The one place each kind's conflict rule is chosen.
    public var conflictStrategy: ConflictStrategy {
        switch self {
        case .moodCheckIn, .journalEntry, .meal, .workout, .weighIn, .water, .sleep: .keepBothOrAsk
        case .settings, .goals: .serverWinsPerField
        case .profile, .samples: .serverOnly
        case .habitCheckIn: .mergeByTimestamp
        case .testKit: .appendAll
        }
    }

    /// Whether a conflict can be merged field by field: kinds whose record has several independent
    /// fields. A journal entry's one text, a weigh-in's one number, cannot.
    public var mergesFieldByField: Bool {
        switch self {
        case .moodCheckIn, .meal, .workout, .sleep: true
        case .journalEntry, .weighIn, .water, .settings, .goals, .profile, .samples, .habitCheckIn, .testKit: false
        }
    }
}

/// The server's state of a record a change is about.
public struct ServerState: Hashable, Sendable {
    /// The record's version; `nil` when the server never had it.
    public var version: Int64?
    public var deleted: Bool
    /// The record's fields now (nil when deleted or never there).
    public var fields: JSONValue?

    public init(version: Int64?, deleted: Bool, fields: JSONValue?) {
        self.version = version
        self.deleted = deleted
        self.fields = fields
    }

    public static let absent = ServerState(version: nil, deleted: false, fields: nil)
}

/// What to do with one change to a record (entries; documents go field by field, see
/// ``FieldMerge``).
public enum SyncDecision: Hashable, Sendable {
    /// Write it. `setAsideServer`: the server's current version lost and goes to history.
    case apply(setAsideServer: Bool)
    /// Nothing to write: the server already holds exactly this.
    case unchanged
    /// Put it to the person.
    case conflict
    /// A deletion won over this older edit; the device's version goes to history.
    case deletedOnServer
    /// Keep the server's version; the device's goes to history.
    case keepServer
}

public enum ConflictRules {
    /// Decides a change to a record of a kind kept by ``ConflictStrategy/keepBothOrAsk``.
    ///
    /// `incoming` is the device's record as the server would store it (validated), for upserts.
    public static func decide(_ change: SyncChange, incoming: JSONValue?, server: ServerState) -> SyncDecision {
        let current = server.version != nil && !server.deleted
        let upToDate = change.baseVersion == server.version
        if change.resolution == .keepServer { return .keepServer }
        switch change.operation {
        case .delete:
            // Deleting what is already gone changes nothing; a deletion wins over edits, and an
            // edit made on the server meanwhile is kept in history.
            guard current else { return .unchanged }
            return .apply(setAsideServer: !upToDate)
        case .upsert:
            if server.deleted {
                // A tombstone wins over edits made before the device saw it.
                guard let base = change.baseVersion, let version = server.version, base >= version else {
                    return .deletedOnServer
                }
                return .apply(setAsideServer: false)
            }
            guard current else { return .apply(setAsideServer: false) }
            if incoming == server.fields { return .unchanged }
            if upToDate {
                let resolved = change.resolution == .keepDevice || change.resolution == .merged
                return .apply(setAsideServer: resolved)
            }
            return .conflict
        }
    }
}
