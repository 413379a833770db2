import Foundation
import SQLKit
import ThriveCore

/// One person's devices that receive pushes.
public protocol PushDeviceRepository: Sendable {
    var owner: UserID { get }
    /// Registers a device, or renews it when its token is known: a browser that subscribes again
    /// keeps its id, and a device another person signed in on before becomes this person's (the
    /// one signed in now is the one it should ring for).
    func register(_ device: PushDevice) async throws -> PushDevice
    func all() async throws -> [PushDevice]
    func get(_ id: PushDeviceID) async throws -> PushDevice?
    /// True when there was one to remove.
    @discardableResult func remove(_ id: PushDeviceID) async throws -> Bool
}

struct SQLPushDeviceRepository: PushDeviceRepository {
    let sql: any SQLDatabase
    let owner: UserID

    func register(_ device: PushDevice) async throws -> PushDevice {
        let muted = String(decoding: try JSONEncoder().encode(device.mutedCategories.map(\.rawValue).sorted()), as: UTF8.self)
        try await sql.insert(into: "push_devices")
            .columns(
                "id", "owner_id", "channel", "token", "p256dh", "auth", "platform", "os_version", "app_version",
                "muted_categories", "registered_at"
            )
            .values(
                device.id.rawValue, owner.rawValue, device.channel.rawValue, device.token, device.p256dh, device.auth,
                device.platform, device.osVersion, device.appVersion, muted, device.registeredAt
            )
            .onConflict(with: ["token"]) { update in
                var update = update
                for column in [
                    "owner_id", "channel", "p256dh", "auth", "platform", "os_version", "app_version", "muted_categories",
                    "registered_at",
                ] { update = update.set(excludedValueOf: column) }
                return update
            }.run()
        let row = try await sql.select().column("*").from("push_devices").where("token", .equal, device.token).first()
        guard let row else { throw StoreError.conflict("deviceToken") }
        return try decode(row)
    }

    func all() async throws -> [PushDevice] {
        try await sql.select().column("*").from("push_devices").where("owner_id", .equal, owner.rawValue)
            .orderBy("registered_at").all().map(decode)
    }

    func get(_ id: PushDeviceID) async throws -> PushDevice? {
        try await sql.select().column("*").from("push_devices").where("owner_id", .equal, owner.rawValue)
            .where("id", .equal, id.rawValue).first().map(decode)
    }

    func remove(_ id: PushDeviceID) async throws -> Bool {
        try await sql.delete(from: "push_devices").where("owner_id", .equal, owner.rawValue).where("id", .equal, id.rawValue)
            .returning("id").first() != nil
    }

    private func decode(_ row: any SQLRow) throws -> PushDevice {
        let muted = (try? JSONDecoder().decode([String].self, from: Data(try row.string("muted_categories").utf8))) ?? []
        return PushDevice(
            id: PushDeviceID(try row.uuid("id")),
            channel: PushDevice.Channel(rawValue: try row.string("channel")) ?? .webPush, token: try row.string("token"),
            p256dh: try row.decode(column: "p256dh", as: String?.self), auth: try row.decode(column: "auth", as: String?.self),
            platform: try row.string("platform"), osVersion: try row.decode(column: "os_version", as: String?.self),
            appVersion: try row.decode(column: "app_version", as: String?.self),
            mutedCategories: Set(muted.compactMap(NotificationCategory.init(rawValue:))),
            registeredAt: try row.date("registered_at"))
    }
}
