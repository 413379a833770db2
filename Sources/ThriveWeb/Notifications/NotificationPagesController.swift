import Foundation
import Hummingbird
import ThriveCore

/// `/notifications`: the notification center behind the bell. Opening one marks it read and goes to
/// its screen; each can be deleted; all can be marked read.
struct NotificationPagesController {
    let services: AppServices
    var center: NotificationCenter { NotificationCenter(store: services.store, now: services.now) }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("notifications") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let before = request.uri.queryParameters.get("before").flatMap { NotificationID(String($0)) }
            let (entries, unread) = try await center.page(owner, before: before)
            let zone = try await services.store.read { try await $0.records(of: owner).profile.get() }?.timeZone ?? .gmt
            var chrome = Chrome(title: t("notifications.title"), context: context, tab: .notifications)
            chrome.unreadNotifications = unread
            return services.renderer.render(
                "notifications", chrome: chrome,
                content: NotificationsPage(
                    entries: entries, unread: unread, zone: zone, hasMore: entries.count == NotificationCenter.pageSize,
                    deleted: request.uri.queryParameters.get("deleted") != nil))
        }
        router.post("notifications/read-all") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            try await center.markRead(owner, nil)
            return .redirect(to: "/notifications", type: .normal)
        }
        router.post("notifications/:id/open") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let entry = try await center.open(owner, try NotificationsAPIController.id(context))
            return .redirect(to: NotificationsPage.safeLink(entry.link), type: .normal)
        }
        router.post("notifications/:id/delete") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            try await center.delete(owner, try NotificationsAPIController.id(context))
            return .redirect(to: "/notifications?deleted=1", type: .normal)
        }
    }
}

/// The center page: each notification with its category, when it came, and whether it is new.
struct NotificationsPage: Sendable {
    struct Item: Sendable {
        let id: String
        let title: String
        let body: String
        let category: String
        let when: String
        let unread: Bool
        let critical: Bool
    }

    let items: [Item]
    let unread: String?
    let hasItems: Bool
    let hasUnread: Bool
    let next: String?
    let deleted: Bool

    init(entries: [NotificationEntry], unread: Int, zone: TimeZone, hasMore: Bool, deleted: Bool) {
        items = entries.map { entry in
            Item(
                id: entry.id.description, title: t(entry.title), body: t(entry.body),
                category: t("setting.notifications.categories.\(entry.kind.category.rawValue)"),
                when: "\(DisplayFormat.shortDay(entry.createdAt, in: zone)), \(DisplayFormat.time(entry.createdAt, in: zone))",
                unread: !entry.isRead, critical: entry.kind.importance == .critical)
        }
        self.unread = unread > 0 ? Localizer.current.plural("notifications.unread", unread) : nil
        hasItems = !entries.isEmpty
        hasUnread = unread > 0
        next = hasMore ? entries.last.map { "/notifications?before=\($0.id)" } : nil
        self.deleted = deleted
    }

    /// Only a path inside Thrive: a stored link never sends the person elsewhere.
    static func safeLink(_ link: String) -> String {
        LocalPath.isSafe(link) ? link : "/notifications"
    }
}
