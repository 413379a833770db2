import Foundation
import ThriveCore
import ThriveImport
import ThriveStore

/// Brings an Apple Health export into one person's records: the file is read on its own thread
/// while the previous batch is stored, each batch in one transaction. Records are named by their
/// identity (type, source, start, end, value), so importing the same export again stores nothing
/// new, a newer export adds only what is new, and an import stopped anywhere (a crash, SIGKILL)
/// is finished by running it again. After the last batch, the person's alerts are evaluated by
/// the job runner, as after any upload.
public struct AppleHealthImport: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator

    public init(store: Store, now: Now = .system, ids: IDGenerator = .random) {
        self.store = store
        self.now = now
        self.ids = ids
    }

    /// How far an import has come.
    public struct Progress: Sendable {
        /// Bytes of XML read (the ZIP's `export.xml` uncompressed).
        public let bytesRead: Int
        /// How many bytes of XML there are, once known.
        public let totalBytes: Int?
        public let recordsStored: Int
    }

    /// What an import did.
    public struct Outcome: Sendable {
        public let summary: ImportSummary
        /// Records that were not there before (0 for an export imported already).
        public let added: Int
        public let notes: [ExportNote]
    }

    /// Imports the file; `progress` runs inside each batch's transaction (what it writes, the
    /// import's progress, lands with the batch or not at all).
    public func run(
        _ url: URL, for owner: UserID, batchSize: Int = 20_000,
        progress: @escaping @Sendable (Progress, Repositories) async throws -> Void = { _, _ in }
    ) async throws -> Outcome {
        let before = try await storedCount(owner)
        let stream = ExportStream(url, owner: owner.rawValue, batchSize: batchSize)
        stream.start()
        var stored = 0
        do {
            for try await batch in stream {
                stored += batch.count
                let done = Progress(bytesRead: stream.progress, totalBytes: stream.total, recordsStored: stored)
                try await store.write { repositories in
                    let records = repositories.records(of: owner)
                    try await records.quantitySamples.store(batch.quantities)
                    try await records.categorySamples.store(batch.categories)
                    try await records.workouts.store(batch.workouts)
                    try await progress(done, repositories)
                }
                stream.stored()
            }
        } catch {
            stream.cancel()
            throw error
        }
        let summary = stream.summary ?? ImportSummary()
        let evaluation = SafetyEvaluationJob.job(for: owner, at: now(), ids: ids)
        _ = try await store.write { try await $0.jobs.enqueue(evaluation) }
        return Outcome(summary: summary, added: try await storedCount(owner) - before, notes: stream.remarks)
    }

    /// Counted on the writer's connection: counting walks every index entry of the person's samples,
    /// and on a reader (64 MB of cache) a five-year import's count alone added 40 MB to the process.
    private func storedCount(_ owner: UserID) async throws -> Int {
        try await store.write { try await $0.records(of: owner).sampleCount() }
    }
}
