import Foundation

public typealias NotificationID = Identifier<NotificationEntry>

/// One notification in the person's notification center: what it says (in whatever language the
/// reader uses), where it leads, and whether it was read. The center keeps 30 days.
public struct NotificationEntry: Hashable, Sendable, Codable, Identifiable {
    public let id: NotificationID
    public let kind: NotificationKind
    /// One key, one notification: "alert:<id>", "habit:<id>:2026-11-26".
    public let key: String
    public let title: Phrase
    public let body: Phrase
    /// The screen it opens, a path inside Thrive ("/pillars/wellbeing/habits").
    public let link: String
    public let createdAt: Date
    public var readAt: Date?

    public static let keptDays = 30

    public init(
        id: NotificationID, kind: NotificationKind, key: String, title: Phrase, body: Phrase, link: String, createdAt: Date,
        readAt: Date? = nil
    ) {
        self.id = id
        self.kind = kind
        self.key = key
        self.title = title
        self.body = body
        self.link = link
        self.createdAt = createdAt
        self.readAt = readAt
    }

    public var isRead: Bool { readAt != nil }
}
