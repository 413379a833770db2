import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Spec 004's OAuth relay under `/api/v1/oauth` — `start`, `relay-data`, `disconnect` — for the web
/// app and native apps alike (the callback is a page: see ``DevicePagesController``), and the
/// person's connections under `/api/v1/devices`.
struct DevicesAPIController {
    let services: AppServices
    var devices: DeviceServices { services.devices }

    func addRoutes(oauth: RouterGroup<AppRequestContext>, devices group: RouterGroup<AppRequestContext>) {
        oauth.post("start") { request, context -> Response in
            let owner = try context.requireUser()
            let body = try await StrictJSON.decode(StartBody.self, from: request, context: context, limit: 4_096)
            let url = try devices.start(
                try DeviceServices.provider(body.provider), challenge: body.pkceChallenge, returnTo: body.returnTo,
                redirectURI: DevicePagesController.redirectURI(request, services.configuration), for: owner)
            return try jsonResponse(["authUrl": url.absoluteString])
        }
        oauth.post("relay-data") { request, context -> Response in
            let owner = try context.requireUser()
            let body = try await StrictJSON.decode(RelayBody.self, from: request, context: context, limit: 8_192)
            let (connection, pulled) = try await devices.relay(
                handle: body.handle, verifier: body.verifier,
                redirectURI: DevicePagesController.redirectURI(request, services.configuration), for: owner)
            return try jsonResponse(
                RelayAnswer(device: DeviceConnectionBody(connection, at: services.now()), pulled: pulled), status: .created)
        }
        oauth.post("disconnect") { request, context -> Response in
            let owner = try context.requireUser()
            let body = try await StrictJSON.decode(DisconnectBody.self, from: request, context: context, limit: 1_024)
            let done = try await devices.disconnect(
                try DeviceServices.provider(body.provider), keepingData: body.keepData ?? true, for: owner)
            return try jsonResponse(DisconnectAnswer(revokedAtProvider: done.revokedAtProvider, deleted: done.deleted))
        }
        group.get { _, context -> Response in
            let owner = try context.requireUser()
            let connections = try await services.store.read { try await $0.records(of: owner).devices.all() }
            return try jsonResponse(
                DevicesAnswer(
                    offered: services.configuration.devices.offered.map(OfferedProviderBody.init),
                    connections: connections.map { DeviceConnectionBody($0, at: services.now()) }))
        }
        group.post(":provider/sync") { _, context -> Response in
            let owner = try context.requireUser()
            let connection = try await devices.syncNow(
                try DeviceServices.provider(context.parameters.get("provider")), for: owner)
            return try jsonResponse(DeviceConnectionBody(connection, at: services.now()), status: .accepted)
        }
    }

    struct RelayAnswer: Codable {
        let device: DeviceConnectionBody
        let pulled: Int
    }

    struct DisconnectAnswer: Codable {
        let revokedAtProvider: Bool
        let deleted: Int
    }

    struct DevicesAnswer: Codable {
        let offered: [OfferedProviderBody]
        let connections: [DeviceConnectionBody]
    }
}
