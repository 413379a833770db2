import Foundation
import ThriveCore
import ThriveImport
import ThriveStore

/// Imports an uploaded export as a background job, so it goes on when the page is closed. Each
/// batch's transaction also saves the import's progress; the end (done, or failed because of the
/// file) saves the summary and puts one notification in the person's center, together. An import
/// cut off by a crash is run again by the runner from the start of the file: records already
/// stored are found by their identity and not added twice.
struct DataImportJob: JobHandler {
    let store: Store
    let now: Now
    let ids: IDGenerator
    let files: ImportFiles

    static let kind = "dataImport"
    var kind: String { Self.kind }
    var runsLong: Bool { true }

    /// The job of an upload: due at once, one per import.
    static func job(for item: DataImport, owner: UserID, at time: Date, ids: IDGenerator) -> Job {
        RecordJob.make(kind: kind, key: "dataImport", id: item.id.rawValue, owner: owner, at: time, ids: ids)
    }

    func run(_ job: Job) async throws -> JobOutcome {
        guard let (owner, record) = RecordJob.record(of: job, key: "dataImport") else { return .done }
        let id = DataImportID(record)
        let found = try await store.read { repositories in
            (try await repositories.records(of: owner).imports.get(id), try await repositories.records(of: owner).profile.get())
        }
        guard var item = found.0, !item.state.isFinished else { return .done }
        let zone = found.1?.timeZone ?? .gmt
        let file = files.url(id)
        guard FileManager.default.fileExists(atPath: file.path) else {
            item.failure = .fileMissing
            try await finish(item, owner: owner, zone: zone)
            return .done
        }
        item.state = .importing
        item.startedAt = now()
        item.bytesRead = 0
        item.recordsStored = 0
        let started = item
        try await store.write { try await $0.records(of: owner).imports.save(started) }
        do {
            let outcome = try await AppleHealthImport(store: store, now: now, ids: ids).run(file, for: owner) {
                progress, repositories in
                var current = started
                current.bytesRead = progress.bytesRead
                current.bytesTotal = progress.totalBytes
                current.recordsStored = progress.recordsStored
                try await repositories.records(of: owner).imports.save(current)
            }
            item = try await store.read { try await $0.records(of: owner).imports.get(id) } ?? started
            item.added = outcome.added
            item.summary = outcome.summary
            item.bytesRead = outcome.summary.bytesRead
            item.notes = outcome.notes.map(\.rawValue)
        } catch let error as XMLFileError {
            item = try await store.read { try await $0.records(of: owner).imports.get(id) } ?? started
            switch error {
            case .malformed(let line, _):
                item.failure = .malformed
                item.failureLine = line
            case .entityDeclared: item.failure = .entityDeclared
            case .outOfMemory: throw error
            }
        } catch let error as ExportError {
            item.failure = error == .noExportXML ? .noExportXML : .unreadableArchive
        }
        try await finish(item, owner: owner, zone: zone)
        return .done
    }

    /// Saves the end and tells the person, in one transaction; then the file goes.
    private func finish(_ item: DataImport, owner: UserID, zone: TimeZone) async throws {
        var item = item
        item.state = item.failure == nil ? .done : .failed
        item.finishedAt = now()
        let entry = notification(item, zone: zone)
        let (final, ids) = (item, self.ids)
        try await store.write { repositories in
            try await repositories.records(of: owner).imports.save(final)
            try await NotificationDispatch.post(entry, pushAt: nil, in: repositories, owner: owner, ids: ids)
        }
        files.remove(item.id)
    }

    private func notification(_ item: DataImport, zone: TimeZone) -> NotificationEntry {
        let title = Phrase(item.failure == nil ? "notification.import.done.title" : "notification.import.failed.title")
        let body = DataImportBody.phrase(item, zone: zone)
        return NotificationEntry(
            id: NotificationID(ids.uuid()), kind: .dataImport, key: "import:\(item.id)", title: title, body: body,
            link: "\(ImportPagesController.path)#import-\(item.id)", createdAt: now())
    }
}
