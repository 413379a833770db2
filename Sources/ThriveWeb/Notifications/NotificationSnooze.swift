import Foundation
import ThriveCore
import ThriveStore

/// A push's "Snooze" button (spec 000 F4.4): the service worker sends back the push's signed token,
/// and the notification is pushed again to each of the person's devices an hour later (after quiet
/// hours, when the hour falls in them). A notification opened or deleted meanwhile is not pushed:
/// the delivery job looks again before it sends.
struct NotificationSnooze {
    let store: Store
    let now: Now
    let ids: IDGenerator
    let channels: PushChannels

    struct Request: Codable {
        let token: String
    }

    /// Returns when the notification comes back.
    func snooze(_ request: Request) async throws -> Date {
        guard let token = SnoozeToken(verifying: request.token, key: try await channels.actionKey()) else {
            throw AppError(status: .forbidden, code: "snooze_refused", message: t("notification.snooze.refused"))
        }
        let time = now()
        let ids = self.ids
        return try await store.write { repositories in
            let records = repositories.records(of: token.owner)
            guard let entry = try await records.notifications.get(token.notification), !entry.isRead else {
                throw AppError.notFound(t("notification.snooze.gone"))
            }
            guard entry.kind.actions.contains(.snooze) else {
                throw AppError(status: .conflict, code: "not_snoozable", message: t("notification.snooze.notSnoozable"))
            }
            let settings = try await records.documents.get(Settings.self) ?? Settings()
            let zone = try await records.profile.get()?.timeZone ?? TimeZone(identifier: "UTC")!
            let until = NotificationAction.snoozedUntil(now: time, settings: settings.notifications, zone: zone)
            // One snooze a minute: a double tap does not push it twice.
            let again = "snooze-\(Int(until.timeIntervalSince1970 / 60))"
            for device in try await records.pushDevices.all() where device.rings(for: entry.kind.category) {
                try await repositories.jobs.enqueue(
                    try PushDelivery.job(entry, device: device.id, owner: token.owner, at: until, ids: ids, again: again))
            }
            return until
        }
    }
}

/// What `POST /api/v1/mobile/notifications/snooze` answers.
struct SnoozeBody: Encodable, Sendable {
    let until: Date
}
