import Foundation
import Hummingbird
import ThriveCore

/// `/api/v1/content`: the library with full-text search (`q`), a kind or a topic; one piece with
/// its text; bookmarks and progress through a piece.
struct ContentAPIController {
    let services: AppServices

    func addRoutes(to content: RouterGroup<AppRequestContext>) {
        let service = services.content
        content.get { request, context -> Response in
            let owner = try context.requireUser()
            let query = request.uri.queryParameters
            let kind = try Self.value(query.get("kind").map { String($0) }, ContentEntry.Kind.init, "kind")
            let topic = try Self.value(query.get("topic").map { String($0) }, ContentTopic.init, "topic")
            let words = query.get("q").map { String($0).trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
            let overview = try await service.overview(owner, query: words, kind: kind, topic: topic)
            let counts = Dictionary(grouping: overview.library.entries, by: \.kind.rawValue).mapValues(\.count)
            return try jsonResponse(
                ContentListBody(
                    entries: overview.listings.map { ContentEntryBody($0) }, counts: counts,
                    recentlyViewed: overview.shelf.recentlyViewed(limit: 5).map(\.rawValue),
                    bookmarks: overview.shelf.bookmarks.map(\.rawValue)))
        }
        content.get(":id") { _, context -> Response in
            let owner = try context.requireUser()
            return try jsonResponse(ContentEntryBody(try await service.listing(owner, try Self.id(context)), full: true))
        }
        content.put(":id/bookmark") { request, context -> Response in
            let owner = try context.requireUser()
            let id = try Self.id(context)
            let change = try await StrictJSON.decode(ContentBookmarkRequest.self, from: request, context: context, limit: 1024)
            return try jsonResponse(ContentEntryBody(try await service.bookmark(owner, id, change.bookmarked)))
        }
        content.put(":id/progress") { request, context -> Response in
            let owner = try context.requireUser()
            let id = try Self.id(context)
            let change = try await StrictJSON.decode(ContentProgressRequest.self, from: request, context: context, limit: 1024)
            return try jsonResponse(ContentEntryBody(try await service.reach(owner, id, percent: change.percent)))
        }
    }

    static func id(_ context: AppRequestContext) throws -> ContentID {
        guard let id = context.parameters.get("id").flatMap(ContentID.init) else { throw ContentService.missing }
        return id
    }

    static func value<T>(_ text: String?, _ make: (String) -> T?, _ name: String) throws -> T? {
        guard let text, !text.isEmpty else { return nil }
        guard let value = make(text) else { throw AppError.badRequest(t("library.error.filter", ["name": name]), field: name) }
        return value
    }
}
