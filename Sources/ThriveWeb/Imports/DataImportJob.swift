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
        item =
            switch item.source {
            case .thriveExport: try await importThriveExport(file, started: started, owner: owner)
            case .appleHealth, .csv: try await importAppleHealth(file, started: started, owner: owner)
            }
        try await finish(item, owner: owner, zone: zone)
        return .done
    }

    private func importAppleHealth(_ file: URL, started: DataImport, owner: UserID) async throws -> DataImport {
        let id = started.id
        var item = started
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
        return item
    }

    /// All or nothing: a fault anywhere leaves the account as it was.
    private func importThriveExport(_ file: URL, started: DataImport, owner: UserID) async throws -> DataImport {
        var item = started
        do {
            let outcome = try await ThriveExportImport(store: store, now: now, ids: ids).run(
                file, for: owner, workFolder: files.workFolder(item.id))
            item.added = outcome.added
            item.recordsStored = outcome.added
            item.summary = outcome.summary
            item.bytesRead = item.fileBytes
            item.bytesTotal = item.fileBytes
            item.notes = outcome.notes
        } catch ThriveExportImport.Refusal.accountNotEmpty {
            item.failure = .accountNotEmpty
        } catch let error as ThriveExportError {
            switch error {
            case .unreadableArchive, .notAThriveExport: item.failure = .unreadableArchive
            case .newer: item.failure = .newerExport
            case .damaged(_, let line):
                item.failure = .damagedExport
                item.failureLine = line
            }
        } catch let error as PersonalRestore.Unreadable {
            item.failure = .damagedExport
            item.failureLine = error.line
        }
        return item
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
        let prefix = item.source == .thriveExport ? "notification.import.thrive" : "notification.import"
        let title = Phrase(item.failure == nil ? "\(prefix).done.title" : "\(prefix).failed.title")
        let body = DataImportBody.phrase(item, zone: zone)
        return NotificationEntry(
            id: NotificationID(ids.uuid()), kind: .dataImport, key: "import:\(item.id)", title: title, body: body,
            link: "\(ImportPagesController.path)#import-\(item.id)", createdAt: now())
    }
}
