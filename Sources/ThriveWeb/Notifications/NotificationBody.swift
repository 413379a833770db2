import Foundation
import ThriveCore

/// A notification as the API and the center page show it, in the reader's language.
struct NotificationBody: Encodable, Sendable {
    let id: String
    let kind: NotificationKind
    let category: NotificationCategory
    let title: String
    let body: String
    let link: String
    let createdAt: Date
    let read: Bool

    init(_ entry: NotificationEntry) {
        id = entry.id.description
        kind = entry.kind
        category = entry.kind.category
        title = t(entry.title)
        body = t(entry.body)
        link = entry.link
        createdAt = entry.createdAt
        read = entry.isRead
    }
}

/// `GET /api/v1/mobile/notifications/history`: a page, newest first, the unread count, and the
/// cursor of the next page (nil on the last).
struct NotificationHistoryBody: Encodable, Sendable {
    let notifications: [NotificationBody]
    let unread: Int
    let nextCursor: String?
}
