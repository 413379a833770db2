import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// `POST /api/v1/imports/apple-health` takes an export (the raw file, or a form with it), keeps it on
/// the server's disk and leaves a job that imports it; `GET /api/v1/imports/{id}` says how far it
/// came; `GET /api/v1/imports` lists the person's last imports.
struct ImportsAPIController {
    let services: AppServices
    static let listed = 20

    var files: ImportFiles {
        ImportFiles(folder: services.configuration.importFolder, limit: services.configuration.importLimitBytes)
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("apple-health") { request, context -> Response in
            let owner = try context.requireUser()
            let item = try await ImportUpload(services: services, files: files).receive(request, for: owner)
            var response = try jsonResponse(DataImportBody(item, zone: try await zone(owner)), status: .accepted)
            response.headers[.location] = "/api/v1/imports/\(item.id)"
            return response
        }
        group.get { _, context -> Response in
            let owner = try context.requireUser()
            let (items, zone) = try await services.store.read { repositories in
                let records = repositories.records(of: owner)
                return (try await records.imports.recent(limit: Self.listed), try await records.profile.get()?.timeZone ?? .gmt)
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
                return (try await records.imports.get(id), try await records.profile.get()?.timeZone ?? .gmt)
            }
            guard let item else { throw AppError.notFound(t("imports.notFound")) }
            return try jsonResponse(DataImportBody(item, zone: zone))
        }
    }

    private func zone(_ owner: UserID) async throws -> TimeZone {
        try await services.store.read { try await $0.records(of: owner).profile.get()?.timeZone ?? .gmt }
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
        let item = DataImport(
            id: id, source: .appleHealth, fileName: received.fileName ?? "export.zip", fileBytes: received.bytes,
            createdAt: services.now())
        do {
            let job = try DataImportJob.job(for: item, owner: owner, at: services.now(), ids: services.ids)
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
