import Foundation
import ThriveCore
import ThriveStore

/// One person's notification center over the store: the last 30 days, newest first, read and
/// deleted one by one or all at once.
struct NotificationCenter: Sendable {
    let store: Store
    let now: Now

    static let pageSize = 30
    static let maximumPage = 100

    var since: Date { now().addingTimeInterval(-Double(NotificationEntry.keptDays) * 86_400) }

    /// A page of the center and the unread count; 404 when `before` is not one of the person's.
    func page(_ owner: UserID, before: NotificationID?, limit: Int = pageSize) async throws -> (
        [NotificationEntry], unread: Int
    ) {
        let since = self.since
        let (entries, unread) = try await store.read { repositories in
            let notifications = repositories.records(of: owner).notifications
            return (
                try await notifications.list(since: since, before: before, limit: limit),
                try await notifications.unreadCount(since: since)
            )
        }
        guard let entries else { throw AppError.notFound(t("notifications.notFound")) }
        return (entries, unread)
    }

    /// Marks one read (nil: all); returns how many changed.
    @discardableResult
    func markRead(_ owner: UserID, _ id: NotificationID?) async throws -> Int {
        let time = now()
        return try await store.write { try await $0.records(of: owner).notifications.markRead(id, at: time) }
    }

    func delete(_ owner: UserID, _ id: NotificationID) async throws {
        guard try await store.write({ try await $0.records(of: owner).notifications.delete(id) }) else {
            throw AppError.notFound(t("notifications.notFound"))
        }
    }

    /// Opens one: marks it read and returns it, for its link.
    func open(_ owner: UserID, _ id: NotificationID) async throws -> NotificationEntry {
        let time = now()
        let entry = try await store.write { repositories in
            let notifications = repositories.records(of: owner).notifications
            try await notifications.markRead(id, at: time)
            return try await notifications.get(id)
        }
        guard let entry else { throw AppError.notFound(t("notifications.notFound")) }
        return entry
    }
}
