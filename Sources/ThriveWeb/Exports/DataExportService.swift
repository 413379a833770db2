import Foundation
import ThriveCore
import ThriveStore

/// Asking for an export and finding it again. One export is built at a time per person: asking
/// while one is waiting or being built gives that one back, so a double tap builds nothing twice.
struct DataExportService: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator
    let files: DataExportFiles
    static let listed = 10

    /// The export waiting or being built, or a new one with its job, in one transaction.
    func request(for owner: UserID) async throws -> DataExport {
        let (now, ids) = (self.now, self.ids)
        return try await store.write { repositories in
            let exports = repositories.records(of: owner).exports
            if let running = try await exports.recent(limit: 1).first, !running.state.isFinished { return running }
            let item = DataExport(id: DataExportID(ids.uuid()), requestedAt: now())
            try await exports.save(item)
            try await repositories.jobs.enqueue(DataExportJob.job(for: item, owner: owner, at: now(), ids: ids))
            return item
        }
    }

    func recent(for owner: UserID) async throws -> [DataExport] {
        try await store.read { try await $0.records(of: owner).exports.recent(limit: Self.listed) }
    }

    func find(_ id: DataExportID, for owner: UserID) async throws -> DataExport? {
        try await store.read { try await $0.records(of: owner).exports.get(id) }
    }

    /// The owner's file to download, or the reason there is none a person can act on.
    func download(_ id: DataExportID, for owner: UserID) async throws -> (file: URL, item: DataExport) {
        guard let item = try await find(id, for: owner) else { throw AppError.notFound(t("exports.notFound")) }
        switch item.state(at: now()) {
        case .ready:
            let file = files.url(id)
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw AppError(status: .gone, code: "export_gone", message: t("exports.gone"))
            }
            return (file, item)
        case .expired: throw AppError(status: .gone, code: "export_expired", message: t("exports.expired"))
        case .failed: throw AppError(status: .gone, code: "export_failed", message: t("exports.failed"))
        case .waiting, .building:
            throw AppError(status: .conflict, code: "export_not_ready", message: t("exports.notReady"))
        }
    }
}

/// An export as the API gives it.
struct DataExportBody: Codable, Sendable {
    let id: String
    let state: String
    let requestedAt: Date
    let finishedAt: Date?
    /// The end of the download, once ready.
    let expiresAt: Date?
    let records: Int?
    let bytes: Int?
    /// Where to fetch the ZIP, while it can be.
    let downloadURL: String?
    let statusURL: String

    init(_ item: DataExport, at now: Date) {
        id = item.id.description
        state = item.state(at: now).rawValue
        requestedAt = item.requestedAt
        finishedAt = item.finishedAt
        expiresAt = item.expiresAt
        records = item.records
        bytes = item.bytes
        downloadURL = item.isDownloadable(at: now) ? "/api/v1/mobile/export/download/\(item.id)" : nil
        statusURL = "/api/v1/mobile/export/status/\(item.id)"
    }
}
