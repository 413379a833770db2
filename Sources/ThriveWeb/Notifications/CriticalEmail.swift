import Foundation
import ThriveCore
import ThriveNotify
import ThriveStore

/// Spec 001's redundant channel for critical alerts: 30 minutes after a critical push, if the
/// notification is still unread and its alert neither acknowledged nor resolved, an e-mail to the
/// account's address — for a person who allowed it, on a server with e-mail set up. Like a locked
/// screen, the e-mail says only that there is an alert and where to see it.
struct CriticalEmail: JobHandler {
    let store: Store
    let channels: PushChannels
    static let kind = "criticalEmail"
    var kind: String { Self.kind }
    static let delay: TimeInterval = 30 * 60

    struct Payload: Codable {
        let notification: NotificationID
    }

    static func job(_ entry: NotificationEntry, owner: UserID, pushedAt time: Date, ids: IDGenerator) throws -> Job {
        Job(
            id: JobID(ids.uuid()), kind: kind, owner: owner, dueAt: time + delay,
            payload: String(decoding: try JSONEncoder().encode(Payload(notification: entry.id)), as: UTF8.self),
            idempotencyKey: "\(kind):\(entry.id)")
    }

    func run(_ job: Job) async throws -> JobOutcome {
        guard let owner = job.owner, let email = channels.email else { return .done }
        let payload = try JSONDecoder().decode(Payload.self, from: Data(job.payload.utf8))
        let found = try await store.read { repositories -> (NotificationEntry, Settings, String)? in
            let records = repositories.records(of: owner)
            guard let entry = try await records.notifications.get(payload.notification), !entry.isRead,
                let account = try await repositories.accounts.find(id: owner)
            else { return nil }
            if entry.key.hasPrefix("alert:") {
                let open = try await records.alerts.open()
                guard open.contains(where: { "alert:\($0.id)" == entry.key && $0.acknowledgedAt == nil }) else { return nil }
            }
            return (entry, try await records.documents.get(Settings.self) ?? Settings(), account.email.value)
        }
        guard let (entry, settings, address) = found, settings.notifications.emailCriticalAlerts,
            settings.notifications.allows(.criticalAlerts)
        else { return .done }
        let message = Localizer.$current.withValue(Localizer(settings.display.language ?? .en)) {
            let link = (channels.configuration.publicURL ?? "").trimmingCharacters(in: ["/"]) + "/notifications"
            return EmailMessage(
                to: address, subject: t(entry.kind.lockScreenKey),
                text: t("email.criticalAlert.body", ["link": link.hasPrefix("http") ? link : t("email.openThrive")]))
        }
        try await email.send(message)
        return .done
    }
}
