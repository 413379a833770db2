import Foundation
import Hummingbird
import ThriveCore
import ThriveSync

/// `POST /api/v1/mobile/sync`: a device's changes in, the server's changes since its cursor out.
struct SyncAPIController {
    let services: AppServices
    /// A full batch of large entries (a thousand journal entries of a few KB) fits.
    static let maxBytes = 8 * 1024 * 1024

    func addRoutes(to mobile: RouterGroup<AppRequestContext>) {
        let sync = SyncService(services: services)
        mobile.post("sync") { request, context -> Response in
            let owner = try context.requireUser()
            let body = try await StrictJSON.decode(SyncRequest.self, from: request, context: context, limit: Self.maxBytes)
            return try jsonResponse(try await sync.sync(owner, body))
        }
    }
}
