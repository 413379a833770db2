import Foundation
import Hummingbird
import ThriveCore

/// The app lock's setting for apps (`/api/v1/account/app-lock`), so an app can offer the same
/// minutes and lock itself as the web app does. The PIN stays with the browser's forms.
struct AppLockAPIController {
    let services: AppServices
    static let bodyLimit = 1024

    struct Setting: Codable {
        /// Minutes without use before the lock (1, 5, 15, 30 or 60); null when it is off.
        let idleMinutes: Int?
        /// Whether a PIN is set (only the web app's lock screen asks for it).
        let hasPin: Bool?
    }

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("account/app-lock") { _, context -> Response in
            let userID = try context.requireUser()
            let lock = try await services.store.read { try await services.appLock.setting(for: userID, in: $0) }
            return try jsonResponse(Setting(idleMinutes: lock.idleMinutes, hasPin: lock.pinHash != nil))
        }

        api.put("account/app-lock") { request, context -> Response in
            let userID = try context.requireUser()
            let body = try await StrictJSON.decode(Setting.self, from: request, context: context, limit: Self.bodyLimit)
            let minutes = try AppLock.minutes(from: body.idleMinutes.map { "\($0)" } ?? "off")
            try await services.appLock.setMinutes(minutes, for: userID)
            let lock = try await services.store.read { try await services.appLock.setting(for: userID, in: $0) }
            return try jsonResponse(Setting(idleMinutes: lock.idleMinutes, hasPin: lock.pinHash != nil))
        }
    }
}
