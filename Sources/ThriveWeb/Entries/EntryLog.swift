import Foundation
import ThriveCore
import ThriveStore

/// Listing, adding, replacing and deleting (with undo) the entries of one kind, each write in one
/// transaction, always within one person's records. Each write also leaves a job that evaluates
/// the person's safety alerts after the commit (spec 004: alerts as data arrives, a logged meal
/// included).
struct EntryLog<Entry: Codable & Sendable>: Sendable {
    let kind: EntryKind<Entry>
    let store: Store
    let now: Now
    let ids: IDGenerator

    private func evaluateAlerts(_ owner: UserID, in repositories: Repositories) async throws {
        try await repositories.jobs.enqueue(SafetyEvaluationJob.job(for: owner, at: now(), ids: ids))
    }

    /// A day's entries in the person's zone, oldest first.
    func day(_ owner: UserID, _ date: LocalDate, in zone: TimeZone) async throws -> [Entry] {
        try await entries(owner, DateWindow(from: date.start(in: zone), to: date.adding(days: 1).start(in: zone)))
    }

    func entries(_ owner: UserID, _ window: DateWindow) async throws -> [Entry] {
        let kind = kind
        return try await store.read { try await kind.rows($0.records(of: owner)).entries(window) }
    }

    func entry(_ owner: UserID, id: UUID) async throws -> Entry? {
        let kind = kind
        return try await store.read { try await kind.rows($0.records(of: owner)).entry(id) }
    }

    func add(_ owner: UserID, _ entry: Entry) async throws {
        let kind = kind
        try await store.write { repositories in
            try await kind.rows(repositories.records(of: owner)).store(entry)
            try await evaluateAlerts(owner, in: repositories)
        }
    }

    /// Replaces an entry as a whole: it is never missing or doubled. `nil` when the person has no
    /// entry of this kind with that ID.
    func replace(_ owner: UserID, with entry: Entry) async throws -> Entry? {
        let kind = kind
        return try await store.write { repositories -> Entry? in
            let rows = kind.rows(repositories.records(of: owner))
            guard try await rows.delete(kind.id(entry)) else { return nil }
            try await rows.store(entry)
            try await evaluateAlerts(owner, in: repositories)
            return entry
        }
    }

    /// Deletes an entry and keeps it for undo. `nil` when there is no such entry.
    func delete(_ owner: UserID, id: UUID) async throws -> Entry? {
        let kind = kind
        let time = now()
        return try await store.write { repositories -> Entry? in
            let records = repositories.records(of: owner)
            let rows = kind.rows(records)
            guard let entry = try await rows.entry(id), try await rows.delete(id) else { return nil }
            var deleted = try await records.documents.get(RecentlyDeleted.self) ?? RecentlyDeleted()
            deleted[keyPath: kind.undoSlot] = entry
            try await records.documents.save(deleted, at: time)
            try await evaluateAlerts(owner, in: repositories)
            return entry
        }
    }

    /// Puts the last deleted entry of this kind back as it was. `nil` when there is nothing to undo.
    func undoDelete(_ owner: UserID) async throws -> Entry? {
        let kind = kind
        let time = now()
        return try await store.write { repositories -> Entry? in
            let records = repositories.records(of: owner)
            guard var deleted = try await records.documents.get(RecentlyDeleted.self),
                let entry = deleted[keyPath: kind.undoSlot]
            else { return nil }
            let rows = kind.rows(records)
            if try await rows.entry(kind.id(entry)) == nil { try await rows.store(entry) }
            deleted[keyPath: kind.undoSlot] = nil
            try await records.documents.save(deleted, at: time)
            try await evaluateAlerts(owner, in: repositories)
            return entry
        }
    }
}
