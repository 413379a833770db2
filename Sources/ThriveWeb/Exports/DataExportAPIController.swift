import Foundation
import Hummingbird
import ThriveCore

/// Spec 000's export endpoints: `POST /api/v1/mobile/export/request` asks for a copy of everything
/// (202, built in the background), `GET …/status/{id}` says how far it is, `GET …/download/{id}`
/// streams the ZIP to its owner for seven days. Someone else's id is not found, as an unknown one is.
struct DataExportAPIController {
    let services: AppServices

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("request") { _, context -> Response in
            let owner = try context.requireUser()
            let item = try await services.dataExports.request(for: owner)
            var response = try jsonResponse(DataExportBody(item, at: services.now()), status: .accepted)
            response.headers[.location] = "/api/v1/mobile/export/status/\(item.id)"
            return response
        }
        group.get("status/:id") { _, context -> Response in
            let owner = try context.requireUser()
            guard let item = try await services.dataExports.find(try Self.id(context), for: owner) else {
                throw AppError.notFound(t("exports.notFound"))
            }
            return try jsonResponse(DataExportBody(item, at: services.now()))
        }
        group.get("download/:id") { _, context -> Response in
            let owner = try context.requireUser()
            return try await DataExportDownload.response(try Self.id(context), for: owner, services: services, context: context)
        }
    }

    static func id(_ context: AppRequestContext) throws -> DataExportID {
        guard let id = context.parameters.get("id").flatMap(DataExportID.init) else {
            throw AppError.notFound(t("exports.notFound"))
        }
        return id
    }
}

/// The ZIP as a download, read from disk in pieces (an export of years of data is hundreds of
/// megabytes), named by the day it was made, never cached on the way.
enum DataExportDownload {
    static func response(
        _ id: DataExportID, for owner: UserID, services: AppServices, context: AppRequestContext
    ) async throws -> Response {
        let (file, item) = try await services.dataExports.download(id, for: owner)
        let zone = try await services.store.read { try await $0.records(of: owner).timeZone() }
        let body = try await FileIO().loadFile(path: file.path, context: context)
        var headers: HTTPFields = [
            .contentType: "application/zip",
            .contentDisposition: "attachment; filename=\"\(item.fileName(in: zone))\"",
            .cacheControl: "no-store",
        ]
        if let bytes = item.bytes { headers[.contentLength] = String(bytes) }
        return Response(status: .ok, headers: headers, body: body)
    }
}
