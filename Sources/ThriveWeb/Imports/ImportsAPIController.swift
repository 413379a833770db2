import Foundation
import Hummingbird
import ThriveCore
import ThriveImport
import ThriveStore

/// `POST /api/v1/imports` takes an export, Apple Health's or Thrive's own (the raw file, or a form
/// with it), keeps it on the server's disk and leaves a job that imports it; `GET /api/v1/imports/{id}` says how far it
/// came; `GET /api/v1/imports` lists the person's last imports.
struct ImportsAPIController {
    let services: AppServices
    static let listed = 20

    var files: ImportFiles {
        ImportFiles(folder: services.configuration.importFolder, limit: services.configuration.importLimitBytes)
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        // The file says what it is: an Apple Health export or a Thrive export. `apple-health` is the
        // address the first clients were given.
        for path in ["", "apple-health"] {
            group.post(RouterPath(path)) { request, context -> Response in
                let owner = try context.requireUser()
                let item = try await ImportUpload(services: services, files: files).receive(request, for: owner)
                var response = try jsonResponse(DataImportBody(item, zone: try await zone(owner)), status: .accepted)
                response.headers[.location] = "/api/v1/imports/\(item.id)"
                return response
            }
        }
        group.post("csv") { request, context -> Response in
            let owner = try context.requireUser()
            let body = try await StrictJSON.decode(CSVBody.self, from: request, context: context, limit: CSVImport.limitBytes * 2)
            let csv = CSVImport(store: services.store, now: services.now, ids: services.ids)
            let preview = try await csv.preview(
                body.csv, fileName: body.fileName ?? "import.csv", mapping: body.mapping, for: owner)
            if body.preview == true { return try jsonResponse(CSVPreviewBody(preview)) }
            let item = try await csv.store(preview, skippingProblems: body.skipProblems ?? false, for: owner)
            return try jsonResponse(DataImportBody(item, zone: preview.zone))
        }
        group.get { _, context -> Response in
            let owner = try context.requireUser()
            let (items, zone) = try await services.store.read { repositories in
                let records = repositories.records(of: owner)
                return (try await records.imports.recent(limit: Self.listed), try await records.timeZone())
            }
            return try jsonResponse(["imports": items.map { DataImportBody($0, zone: zone) }])
        }
        group.get(":id") { _, context -> Response in
            let owner = try context.requireUser()
            guard let id = context.parameters.get("id").flatMap(DataImportID.init) else {
                throw AppError.notFound(t("imports.notFound"))
            }
            let (item, zone) = try await services.store.read { repositories in
                let records = repositories.records(of: owner)
                return (try await records.imports.get(id), try await records.timeZone())
            }
            guard let item else { throw AppError.notFound(t("imports.notFound")) }
            return try jsonResponse(DataImportBody(item, zone: zone))
        }
    }

    private func zone(_ owner: UserID) async throws -> TimeZone {
        try await services.store.read { try await $0.records(of: owner).timeZone() }
    }
}

/// An upload becoming an import: the file written to disk as it arrives, then the import and its
/// job in one transaction (a failed upload leaves neither a record nor a file).
struct ImportUpload {
    let services: AppServices
    let files: ImportFiles

    func receive(_ request: Request, for owner: UserID) async throws -> DataImport {
        let id = DataImportID(services.ids.uuid())
        let received = try await files.receive(request, as: id)
        let source: DataImport.Source = ThriveExportArchive.isExport(files.url(id)) ? .thriveExport : .appleHealth
        let item = DataImport(
            id: id, source: source, fileName: received.fileName ?? "export.zip", fileBytes: received.bytes,
            createdAt: services.now())
        do {
            if source == .thriveExport,
                try await services.store.read({ try await $0.records(of: owner).restore.hasRecords() })
            {
                throw AppError(status: .conflict, code: "account_not_empty", message: t("imports.failure.accountNotEmpty"))
            }
            let job = DataImportJob.job(for: item, owner: owner, at: services.now(), ids: services.ids)
            try await services.store.write { repositories in
                try await repositories.records(of: owner).imports.save(item)
                try await repositories.jobs.enqueue(job)
            }
        } catch {
            files.remove(id)
            throw error
        }
        return item
    }
}

/// `POST /api/v1/imports/csv`: the file's text, its name, how to read it (guessed from the header
/// when left out), and whether to only look (`preview`) or to leave rows with problems out.
struct CSVBody: Codable {
    let csv: String
    let fileName: String?
    let mapping: CSVSampleMapping?
    let preview: Bool?
    let skipProblems: Bool?
}

/// What a file will become: the mapping used, the first rows as samples, and every problem.
struct CSVPreviewBody: Codable {
    struct Row: Codable {
        let type: String
        let value: Double
        let unit: String
        let start: Date
        let end: Date
    }
    struct Problem: Codable {
        let line: Int
        let reason: String
        let text: String
        let message: String
    }
    let header: [String]
    let mapping: CSVSampleMapping
    let ready: Int
    let samples: [Row]
    let problems: [Problem]

    init(_ preview: CSVImport.Preview) {
        header = preview.header
        mapping = preview.mapping
        ready = preview.samples.count
        samples = preview.samples.prefix(20).map {
            Row(type: $0.type.rawValue, value: $0.value, unit: $0.type.canonicalUnit.rawValue, start: $0.start, end: $0.end)
        }
        problems = preview.problems.map {
            Problem(line: $0.line, reason: $0.reason.rawValue, text: $0.text, message: CSVImport.problem($0))
        }
    }
}
