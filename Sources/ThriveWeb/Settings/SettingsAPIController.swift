import Foundation
import Hummingbird
import ThriveCore

/// `GET|PATCH /api/v1/mobile/settings`: the person's settings, changed by JSON merge patch and saved
/// at once; the same document on every device.
struct SettingsAPIController {
    let services: AppServices

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("mobile/settings") { _, context -> Response in
            let owner = try context.requireUser()
            return try jsonResponse(try await services.settings.settings(owner))
        }
        api.patch("mobile/settings") { request, context -> Response in
            let owner = try context.requireUser()
            let patch = try await Self.mergePatch(request, example: #"{"display":{"theme":"dark"}}"#)
            return try jsonResponse(try await services.settings.apply(patch, for: owner))
        }
    }

    /// A JSON merge patch body (RFC 7396): JSON, an object, at most 16 KB.
    static func mergePatch(_ request: Request, example: String) async throws -> [String: Any] {
        guard let contentType = request.headers[.contentType]?.lowercased(),
            contentType.hasPrefix("application/json") || contentType.hasPrefix("application/merge-patch+json")
        else {
            throw AppError(status: .unsupportedMediaType, code: "unsupported_media_type", message: t("api.mergePatch"))
        }
        let body = try await request.body.collect(upTo: 16 * 1024)
        guard let patch = try? JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any] else {
            throw AppError.badRequest(t("api.settingsObject", ["example": example]))
        }
        return patch
    }
}
