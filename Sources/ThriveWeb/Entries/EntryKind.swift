import Foundation
import ThriveCore
import ThriveStore

/// A kind of entry a person logs by hand (a meal, a mood check-in, a weigh-in, a glass of water):
/// how to reach its rows, when it happened, and where its last deletion is kept for undo. One
/// description per kind, so listing, editing, deleting and undo are written once.
struct EntryKind<Entry: Codable & Sendable>: Sendable {
    /// "meal", "mood check-in": for messages.
    let name: String
    let time: @Sendable (Entry) -> Date
    let id: @Sendable (Entry) -> UUID
    let rows: @Sendable (PersonalRecords) -> EntryRows<Entry>
    let undoSlot: any WritableKeyPath<RecentlyDeleted, Entry?> & Sendable

    var missing: AppError { AppError.notFound(t("api.noEntry")) }
}

/// The storage operations of one kind, bound to one person's records.
struct EntryRows<Entry: Sendable>: Sendable {
    let entries: @Sendable (DateWindow) async throws -> [Entry]
    let entry: @Sendable (UUID) async throws -> Entry?
    let store: @Sendable (Entry) async throws -> Void
    let delete: @Sendable (UUID) async throws -> Bool
    /// Many at once, for sync batches: the person's entries of these IDs (of this kind only), the
    /// IDs any row of the kind's table holds, and writing new or edited entries.
    let records: @Sendable ([UUID]) async throws -> [Entry]
    let existing: @Sendable ([UUID]) async throws -> Set<UUID>
    let storeAll: @Sendable ([Entry]) async throws -> Void
    let replace: @Sendable ([Entry]) async throws -> Void
    let reachable: @Sendable (Entry) -> Bool

    /// `reachable` is for a kind that shares its table with records it must not touch (a device's
    /// sleep stages, another measurement's samples): an entry it rejects is not found here, and
    /// deleting it deletes nothing.
    init<Batches: RecordBatches<Entry>>(
        entries: @escaping @Sendable (DateWindow) async throws -> [Entry],
        delete deleteRow: @escaping @Sendable (UUID) async throws -> Bool, batches: Batches,
        reachable: (@Sendable (Entry) -> Bool)? = nil
    ) {
        let entry: @Sendable (UUID) async throws -> Entry? = { id in
            try await batches.records(ids: [id]).first { reachable?($0) ?? true }
        }
        self.entries = entries
        self.entry = entry
        if reachable == nil {
            delete = deleteRow
        } else {
            delete = { id in
                guard try await entry(id) != nil else { return false }
                return try await deleteRow(id)
            }
        }
        store = { try await batches.store([$0]) }
        records = { try await batches.records(ids: $0) }
        existing = { try await batches.existingIDs($0) }
        storeAll = { try await batches.store($0) }
        replace = { try await batches.replace($0) }
        self.reachable = reachable ?? { _ in true }
    }

    func find(_ ids: [UUID]) async throws -> [Entry] { try await records(ids).filter(reachable) }
}

extension EntryKind where Entry == FoodLogEntry {
    static let meal = EntryKind(
        name: "meal", time: \.consumedAt, id: \.id.rawValue,
        rows: { records in
            EntryRows(
                entries: { try await records.foodLog.entries(in: $0, limit: nil) },
                delete: { try await records.foodLog.delete(id: FoodLogEntryID($0)) }, batches: records.foodLog)
        }, undoSlot: \.meal)
}

extension EntryKind where Entry == MoodCheckIn {
    static let checkIn = EntryKind(
        name: "check-in", time: \.recordedAt, id: \.id.rawValue,
        rows: { records in
            EntryRows(
                entries: { try await records.moodCheckIns.checkIns(in: $0, limit: nil) },
                delete: { try await records.moodCheckIns.delete(id: MoodCheckInID($0)) },
                batches: records.moodCheckIns)
        }, undoSlot: \.checkIn)
}

extension EntryKind where Entry == JournalEntry {
    static let journal = EntryKind(
        name: "journal entry", time: \.writtenAt, id: \.id.rawValue,
        rows: { records in
            EntryRows(
                entries: { try await records.journal.entries(in: $0, limit: nil) },
                delete: { try await records.journal.delete(id: JournalEntryID($0)) }, batches: records.journal)
        }, undoSlot: \.journal)
}

extension EntryKind where Entry == CategorySample {
    /// Sleep logged by hand: one "asleep" span from bedtime to waking, on the day the person woke.
    /// Only the person's own entries are reachable here; a device's sleep stages are not editable.
    static let sleep = EntryKind(
        name: "sleep entry", time: \.end, id: \.id.rawValue,
        rows: { records in
            let samples = records.categorySamples
            return EntryRows(
                entries: { window in
                    // A night starts the evening before the day it ends on.
                    let widened = DateWindow(from: window.from.map { $0.addingTimeInterval(-86_400) }, to: window.to)
                    return try await samples.samples(of: .sleepAnalysis, in: widened, limit: nil).filter { sample in
                        sample.source.kind == .manual && window.from.map { sample.end >= $0 } ?? true
                            && window.to.map { sample.end < $0 } ?? true
                    }
                },
                delete: { try await samples.delete(id: CategorySampleID($0)) }, batches: samples,
                reachable: { $0.type == .sleepAnalysis && $0.source.kind == .manual })
        }, undoSlot: \.sleep)
}

extension EntryKind where Entry == Workout {
    /// Workouts the person logged or confirmed in Thrive. A device's workouts are shown beside them
    /// but are not reachable here, so they cannot be edited or deleted by hand.
    static let workout = EntryKind(
        name: "workout", time: \.start, id: \.id.rawValue,
        rows: { records in
            let workouts = records.workouts
            return EntryRows(
                entries: { try await workouts.workouts(in: $0, limit: nil).filter { $0.source.kind == .manual } },
                delete: { try await workouts.delete(id: WorkoutID($0)) }, batches: workouts,
                reachable: { $0.source.kind == .manual })
        }, undoSlot: \.workout)
}

extension EntryKind where Entry == QuantitySample {
    static let weight = measurement(.bodyMass, name: "weigh-in", undoSlot: \.weight)
    static let water = measurement(.dietaryWater, name: "water entry", undoSlot: \.water)

    /// Samples of one type: an ID of another type's sample is not found here, so this kind can
    /// never change a step count or a heart rate.
    private static func measurement(
        _ type: QuantityType, name: String, undoSlot: any WritableKeyPath<RecentlyDeleted, QuantitySample?> & Sendable
    ) -> EntryKind {
        EntryKind(
            name: name, time: \.start, id: \.id.rawValue,
            rows: { records in
                let samples = records.quantitySamples
                return EntryRows(
                    entries: { try await samples.samples(of: type, in: $0, limit: nil) },
                    delete: { try await samples.delete(id: SampleID($0)) }, batches: samples,
                    reachable: { $0.type == type })
            }, undoSlot: undoSlot)
    }
}
