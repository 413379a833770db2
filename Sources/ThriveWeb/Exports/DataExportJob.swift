import Foundation
import ThriveCore
import ThriveStore

/// Builds an export in the background and tells the person when it is ready (or could not be
/// built); at the end of its seven days the same job comes back and deletes the file. An export
/// cut off by a crash is built again from the start: its half-written files are thrown away.
struct DataExportJob: JobHandler {
    let store: Store
    let now: Now
    let ids: IDGenerator
    let files: DataExportFiles

    static let kind = "dataExport"
    var kind: String { Self.kind }
    var runsLong: Bool { true }
    /// An error here is the server's (a full disk), not the data's: two more tries, then it fails.
    var maximumAttempts: Int { 3 }

    static func job(for item: DataExport, owner: UserID, at time: Date, ids: IDGenerator) -> Job {
        RecordJob.make(kind: kind, key: "dataExport", id: item.id.rawValue, owner: owner, at: time, ids: ids)
    }

    func run(_ job: Job) async throws -> JobOutcome {
        guard let (owner, record) = RecordJob.record(of: job, key: "dataExport") else { return .done }
        let id = DataExportID(record)
        guard var item = try await store.read({ try await $0.records(of: owner).exports.get(id) }) else { return .done }
        switch item.state {
        case .ready:
            // Back at the end of its seven days.
            guard let expiresAt = item.expiresAt else { return .done }
            guard now() >= expiresAt else { return .later(expiresAt) }
            files.remove(id)
            item.state = .expired
            let expired = item
            try await store.write { try await $0.records(of: owner).exports.save(expired) }
            return .done
        case .failed, .expired:
            return .done
        case .waiting, .building:
            break
        }
        item.state = .building
        item.startedAt = now()
        let started = item
        try await store.write { try await $0.records(of: owner).exports.save(started) }
        let written: PersonalExport.Written
        do {
            try FileManager.default.createDirectory(at: files.folder, withIntermediateDirectories: true)
            written = try await PersonalExport(store: store, now: now).write(
                owner, to: files.url(id), workFolder: files.workFolder(id))
        } catch {
            files.remove(id)
            if job.attempts < maximumAttempts { throw error }
            item.state = .failed
            item.finishedAt = now()
            try await finish(item, owner: owner)
            return .done
        }
        item.state = .ready
        item.finishedAt = now()
        item.records = written.records
        item.bytes = written.bytes
        try await finish(item, owner: owner)
        return item.expiresAt.map { .later($0) } ?? .done
    }

    /// Saves the end and tells the person, in one transaction.
    private func finish(_ item: DataExport, owner: UserID) async throws {
        let ready = item.state == .ready
        let entry = NotificationEntry(
            id: NotificationID(ids.uuid()), kind: .dataExport, key: "export:\(item.id)",
            title: Phrase(ready ? "notification.export.ready.title" : "notification.export.failed.title"),
            body: ready
                ? Phrase("notification.export.ready.body", ["count": .integer(item.records ?? 0)])
                : Phrase("notification.export.failed.body"),
            link: "\(DataExportPagesController.path)#export-\(item.id)", createdAt: now())
        let (final, ids) = (item, self.ids)
        try await store.write { repositories in
            try await repositories.records(of: owner).exports.save(final)
            try await NotificationDispatch.post(entry, pushAt: nil, in: repositories, owner: owner, ids: ids)
        }
    }
}
