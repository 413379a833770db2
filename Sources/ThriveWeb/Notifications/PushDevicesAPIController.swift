import Foundation
import Hummingbird
import ThriveCore

/// Devices and push: `POST /api/v1/mobile/devices` (spec 001; also `…/notifications/register`, spec
/// 000's name for it), the list, removal, the server's Web Push key for subscribing, the person's
/// notification settings (`PUT …/notifications/settings`, a merge into them) and a test push.
struct PushDevicesAPIController {
    let services: AppServices
    var devices: PushDevices { PushDevices(store: services.store, now: services.now, ids: services.ids) }

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("mobile/devices") { _, context -> Response in
            let owner = try context.requireUser()
            return try jsonResponse(try await devices.list(owner).map(DeviceBody.init))
        }
        for path in ["mobile/devices", "mobile/notifications/register"] {
            api.post(RouterPath(path)) { request, context -> Response in
                let owner = try context.requireUser()
                let registration = try await StrictJSON.decode(
                    DeviceRegistration.self, from: request, context: context, limit: 8 * 1_024)
                return try jsonResponse(DeviceBody(try await devices.register(registration, for: owner)), status: .created)
            }
        }
        api.delete("mobile/devices/:id") { _, context -> Response in
            let owner = try context.requireUser()
            guard let id = context.parameters.get("id").flatMap(PushDeviceID.init) else {
                throw AppError.notFound(t("push.noDevice"))
            }
            try await devices.remove(id, for: owner)
            return Response(status: .noContent)
        }
        api.get("mobile/notifications/web-push-key") { _, context -> Response in
            _ = try context.requireUser()
            return try jsonResponse(["publicKey": try await services.push.vapidKey().publicKey])
        }
        api.put("mobile/notifications/settings") { request, context -> Response in
            let owner = try context.requireUser()
            let patch = try await SettingsAPIController.mergePatch(request, example: #"{"quietHours":{"start":"22:30"}}"#)
            return try jsonResponse(try await services.settings.apply(["notifications": patch], for: owner).notifications)
        }
        api.post("mobile/notifications/test") { _, context -> Response in
            let owner = try context.requireUser()
            let (entry, count) = try await devices.sendTest(to: owner)
            return try jsonResponse(TestNotificationBody(notification: NotificationBody(entry), devices: count), status: .created)
        }
    }
}

/// What `POST /api/v1/mobile/notifications/test` made, and how many devices it goes to.
struct TestNotificationBody: Encodable, Sendable {
    let notification: NotificationBody
    let devices: Int
}
