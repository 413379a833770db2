import Foundation
import ThriveCore
import ThriveStore

/// Puts a notification in the person's center and, when the rules said push, owes a push to each
/// of their devices that rings for its category — all in the caller's transaction, so the
/// notification and its pushes exist together or not at all.
enum NotificationDispatch {
    /// Returns false when a notification with the entry's key was there already (nothing is added
    /// or pushed twice).
    @discardableResult
    static func post(
        _ entry: NotificationEntry, pushAt time: Date?, in repositories: Repositories, owner: UserID, ids: IDGenerator
    ) async throws -> Bool {
        let records = repositories.records(of: owner)
        guard try await records.notifications.add(entry) else { return false }
        guard let time else { return true }
        for device in try await records.pushDevices.all() where device.rings(for: entry.kind.category) {
            try await repositories.jobs.enqueue(
                try PushDelivery.job(entry, device: device.id, owner: owner, at: time, ids: ids))
        }
        if entry.kind.importance == .critical {
            try await repositories.jobs.enqueue(try CriticalEmail.job(entry, owner: owner, pushedAt: time, ids: ids))
        }
        return true
    }

    /// Posts an event's notification (one that is not part of a daily cap: an alert, a result), pushed
    /// as the person's settings and quiet hours say.
    @discardableResult
    static func notify(_ entry: NotificationEntry, in repositories: Repositories, owner: UserID, now: Date, ids: IDGenerator)
        async throws -> Bool
    {
        let records = repositories.records(of: owner)
        let settings = try await records.documents.get(Settings.self) ?? Settings()
        let decision = NotificationRules.decide(
            NotificationCandidate(kind: entry.kind, key: entry.key), settings: settings.notifications,
            history: NotificationHistory(), now: now, zone: try await records.timeZone())
        return try await post(entry, pushAt: pushTime(decision.outcome, now: now), in: repositories, owner: owner, ids: ids)
    }

    /// When a decision's push goes: now, at the time it waits for, or never (in the app only).
    static func pushTime(_ outcome: NotificationDecision.Outcome, now: Date) -> Date? {
        switch outcome {
        case .push: return now
        case .wait(let until): return until
        case .inAppOnly, .drop: return nil
        }
    }
}
