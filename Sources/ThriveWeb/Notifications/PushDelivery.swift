import Foundation
import ThriveCore
import ThriveNotify
import ThriveStore

/// Delivers one notification to one device: a job per (notification, device), made in the same
/// transaction as the notification, so a push is owed exactly when the notification exists and a
/// crash before the push leaves the job to be run again. Before it sends, it looks again: a
/// notification read or deleted meanwhile, a device removed, or notifications turned off since
/// sends nothing. A device the push service says is gone (404/410) is forgotten; any other failure
/// is tried twice more, after 30 seconds and 2 minutes.
struct PushDelivery: JobHandler {
    let store: Store
    let channels: PushChannels
    static let kind = "pushDelivery"
    var kind: String { Self.kind }
    var maximumAttempts: Int { 3 }

    struct Payload: Codable {
        let notification: NotificationID
        let device: PushDeviceID
        /// A test the person asked for: sent whatever their categories say.
        var test: Bool?
    }

    /// The job for one device, due at `time` (now, or when quiet hours end for an alert that waits).
    /// `again` names a later delivery of the same notification (a snooze), which is a job of its own.
    static func job(
        _ entry: NotificationEntry, device: PushDeviceID, owner: UserID, at time: Date, ids: IDGenerator, test: Bool = false,
        again: String? = nil
    ) throws -> Job {
        let payload = String(
            decoding: try JSONEncoder().encode(Payload(notification: entry.id, device: device, test: test ? true : nil)),
            as: UTF8.self)
        return Job(
            id: JobID(ids.uuid()), kind: kind, owner: owner, dueAt: time, payload: payload,
            idempotencyKey: "\(kind):\(entry.id):\(device)" + (again.map { ":\($0)" } ?? ""))
    }

    func run(_ job: Job) async throws -> JobOutcome {
        guard let owner = job.owner else { return .done }
        let payload = try JSONDecoder().decode(Payload.self, from: Data(job.payload.utf8))
        let found = try await store.read { repositories in
            let records = repositories.records(of: owner)
            return (
                try await records.notifications.get(payload.notification), try await records.pushDevices.get(payload.device),
                try await records.documents.get(Settings.self) ?? Settings()
            )
        }
        guard let entry = found.0, !entry.isRead, let device = found.1 else { return .done }
        let settings = found.2
        let test = payload.test == true
        guard test || (settings.notifications.allows(entry.kind.category) && device.rings(for: entry.kind.category)) else {
            return .done
        }
        let snooze =
            entry.kind.actions.contains(.snooze)
            ? SnoozeToken(owner: owner, notification: entry.id).signed(with: try await channels.actionKey()) : nil
        let message = LockScreenMessage.message(for: entry, settings: settings, test: test, snooze: snooze)
        switch try await channels.send(message, to: device) {
        case .delivered: return .done
        case .gone:
            _ = try await store.write { try await $0.records(of: owner).pushDevices.remove(device.id) }
            return .done
        case .failed(let reason): throw PushFailed(reason: reason)
        }
    }
}

/// A push the push service did not take; the runner records only this type and tries again.
struct PushFailed: Error {
    let reason: String
}
