import Foundation
import Hummingbird
import ThriveCore

/// `/api/v1/mobile/notifications`: the notification center's last 30 days (spec 000 F4.4's
/// history, cursor by cursor), marking read and deleting. Every route reads the signed-in person's own.
struct NotificationsAPIController {
    let services: AppServices
    var center: NotificationCenter { NotificationCenter(store: services.store, now: services.now) }

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("mobile/notifications/history") { request, context -> Response in
            let owner = try context.requireUser()
            let query = request.uri.queryParameters
            let limit = try QueryLimit.parse(
                query.get("limit"), fallback: NotificationCenter.pageSize, maximum: NotificationCenter.maximumPage)
            let cursor = try query.get("cursor").map { text -> NotificationID in
                guard let id = NotificationID(String(text)) else {
                    throw AppError.badRequest(t("notifications.badCursor"), field: "cursor")
                }
                return id
            }
            let (entries, unread) = try await center.page(owner, before: cursor, limit: limit)
            return try jsonResponse(
                NotificationHistoryBody(
                    notifications: entries.map(NotificationBody.init), unread: unread,
                    nextCursor: entries.count == limit ? entries.last?.id.description : nil))
        }
        // A push's snooze button: the service worker sends no cookie, the signed token is the authority.
        api.post("mobile/notifications/snooze") { request, context -> Response in
            let snooze = NotificationSnooze(
                store: services.store, now: services.now, ids: services.ids, channels: services.push)
            let body = try await StrictJSON.decode(NotificationSnooze.Request.self, from: request, context: context, limit: 1_024)
            return try jsonResponse(SnoozeBody(until: try await snooze.snooze(body)), status: .accepted)
        }
        api.post("mobile/notifications/read-all") { _, context -> Response in
            let owner = try context.requireUser()
            try await center.markRead(owner, nil)
            return try jsonResponse(try await history(owner))
        }
        api.post("mobile/notifications/:id/read") { _, context -> Response in
            let owner = try context.requireUser()
            return try jsonResponse(NotificationBody(try await center.open(owner, try Self.id(context))))
        }
        api.delete("mobile/notifications/:id") { _, context -> Response in
            let owner = try context.requireUser()
            try await center.delete(owner, try Self.id(context))
            return Response(status: .noContent)
        }
    }

    private func history(_ owner: UserID) async throws -> NotificationHistoryBody {
        let (entries, unread) = try await center.page(owner, before: nil)
        return NotificationHistoryBody(
            notifications: entries.map(NotificationBody.init), unread: unread,
            nextCursor: entries.count == NotificationCenter.pageSize ? entries.last?.id.description : nil)
    }

    static func id(_ context: AppRequestContext) throws -> NotificationID {
        guard let id = context.parameters.get("id").flatMap(NotificationID.init) else {
            throw AppError.notFound(t("notifications.notFound"))
        }
        return id
    }
}
