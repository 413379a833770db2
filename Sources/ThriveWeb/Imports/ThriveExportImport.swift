import Foundation
import ThriveCore
import ThriveImport
import ThriveStore

/// Brings a person's Thrive export (from this server or another) into an account without records:
/// every table the export holds, in the export's order (a row's parent before it), in one
/// transaction, so a damaged file leaves the account as it was and can be tried again. Each table
/// is read a line at a time from the ZIP. Afterwards the person's alerts are evaluated by the job
/// runner, as after any import.
public struct ThriveExportImport: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator

    public init(store: Store, now: Now = .system, ids: IDGenerator = .random) {
        self.store = store
        self.now = now
        self.ids = ids
    }

    /// Documents a device syncs, by their kind in the table: written back, they are logged so that
    /// devices pull them.
    static let syncedDocuments: [String: ChangeKind] = [
        Settings.documentKind: .settings, PlanPreferences.documentKind: .goals,
    ]

    /// Why an import of an export did not happen (nothing was written).
    public enum Refusal: Error, Equatable {
        case accountNotEmpty
    }

    public struct Outcome: Sendable {
        public let summary: ImportSummary
        /// Records written (every row but those left out).
        public let added: Int
        public let notes: [String]
    }

    /// Imports the export at `url` for `owner`, unpacking one table at a time into `workFolder`.
    public func run(_ url: URL, for owner: UserID, workFolder: URL) async throws -> Outcome {
        let archive = try ThriveExportArchive(url)
        let keys = PersonalRestore.Keys(ids: ids, documentChanges: Self.syncedDocuments)
        let time = now()
        defer { try? FileManager.default.removeItem(at: workFolder) }
        let (summary, leftOut) = try await store.write { repositories in
            let restore = repositories.records(of: owner).restore
            guard try await !restore.hasRecords() else { throw Refusal.accountNotEmpty }
            var summary = ImportSummary()
            var leftOut: [String: Int] = [:]
            for table in PersonalTables.exported {
                let columns = Dictionary(uniqueKeysWithValues: table.columns.map { ($0.name, $0.kind) })
                var skipped = 0
                let rows = try await archive.rows(of: table.name, columns: columns, workFolder: workFolder) { batch in
                    let rows = batch.map { PersonalRestore.Row(line: $0.line, cells: $0.cells) }
                    skipped += try await restore.restore(rows, of: table, keys: keys, at: time)
                    Self.span(batch, of: table, into: &summary)
                }
                if rows - skipped > 0 { summary.read[table.name] = rows - skipped }
                if skipped > 0 { leftOut[table.name] = skipped }
            }
            try await restore.verify()
            return (summary, leftOut)
        }
        let evaluation = SafetyEvaluationJob.job(for: owner, at: now(), ids: ids)
        _ = try await store.write { try await $0.jobs.enqueue(evaluation) }
        return Outcome(summary: summary, added: summary.readCount, notes: Self.notes(leftOut))
    }

    /// The years the health records span, from their times.
    private static func span(_ batch: [ThriveExportArchive.Row], of table: PersonalTable, into summary: inout ImportSummary) {
        guard let column = timeColumns[table.name] else { return }
        for row in batch {
            guard case .timestamp(let seconds) = row.cells[column] else { continue }
            let time = Date(timeIntervalSince1970: seconds)
            summary.first = min(summary.first ?? time, time)
            summary.last = max(summary.last ?? time, time)
        }
    }

    private static let timeColumns = [
        "quantity_samples": "start_at", "category_samples": "start_at", "workouts": "start_at",
        "food_log_entries": "consumed_at", "mood_check_ins": "recorded_at", "journal_entries": "written_at",
    ]

    /// What the person is told was not brought in.
    static func notes(_ leftOut: [String: Int]) -> [String] {
        var notes: [String] = []
        if leftOut["device_connections", default: 0] > 0 { notes.append("devicesLeftOut") }
        if leftOut["creator_members", default: 0] + leftOut["creator_badge_awards", default: 0] > 0 {
            notes.append("creatorLeftOut")
        }
        let known = PersonalRestore.leftOut.union(["data_imports"])
        if leftOut.contains(where: { !known.contains($0.key) && $0.value > 0 }) { notes.append("unknownKindsLeftOut") }
        return notes
    }
}
