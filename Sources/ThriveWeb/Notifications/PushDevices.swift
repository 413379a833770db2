import Foundation
import ThriveCore
import ThriveStore

/// A person's devices that receive pushes: registered from the installed app (or a native one),
/// listed in settings, removed one by one, and tried with a test notification.
struct PushDevices: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator

    /// More than this many is a loop in a client, not a person's phones and laptops.
    static let maximum = 20

    func register(_ registration: DeviceRegistration, for owner: UserID) async throws -> PushDevice {
        let time = now()
        let device = try registration.device(id: PushDeviceID(ids.uuid()), at: time)
        return try await store.write { repositories in
            let devices = repositories.records(of: owner).pushDevices
            let known = try await devices.all()
            if known.count >= Self.maximum, !known.contains(where: { $0.token == device.token }) {
                throw ValidationError(field: "deviceToken", Phrase("push.tooManyDevices", ["count": .integer(Self.maximum)]))
            }
            return try await devices.register(device)
        }
    }

    func list(_ owner: UserID) async throws -> [PushDevice] {
        try await store.read { try await $0.records(of: owner).pushDevices.all() }
    }

    func remove(_ id: PushDeviceID, for owner: UserID) async throws {
        guard try await store.write({ try await $0.records(of: owner).pushDevices.remove(id) }) else {
            throw AppError.notFound(t("push.noDevice"))
        }
    }

    /// "Send me a test notification": one in the center and a push to every device now, whatever
    /// the hour and the categories (the person asked for it). Returns it and how many devices it goes to.
    func sendTest(to owner: UserID) async throws -> (NotificationEntry, devices: Int) {
        let time = now()
        let ids = self.ids
        let entry = NotificationEntry(
            id: NotificationID(ids.uuid()), kind: .tip, key: "test:\(ids.uuid())", title: Phrase("notification.test.title"),
            body: Phrase("notification.test.body"), link: "/notifications", createdAt: time)
        let devices = try await store.write { repositories in
            let devices = try await repositories.records(of: owner).pushDevices.all()
            try await repositories.records(of: owner).notifications.add(entry)
            for device in devices {
                try await repositories.jobs.enqueue(
                    try PushDelivery.job(entry, device: device.id, owner: owner, at: time, ids: ids, test: true))
            }
            return devices.count
        }
        return (entry, devices)
    }
}
