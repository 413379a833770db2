import Foundation
import HTTPTypes
import Hummingbird
import ThriveCore

/// The library in the browser: the front with search, kinds and shelves, and a piece with its
/// bookmark and "mark as finished". Plain forms with a redirect; library.js reports how far a
/// person read, watched or listened.
struct LibraryPagesController {
    let services: AppServices

    static let base = "/library"

    func addRoutes(to router: Router<AppRequestContext>) {
        let service = services.content
        router.get("library") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let query = request.uri.queryParameters
            let words = query.get("q").map { String($0).trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
            let kind = query.get("kind").flatMap { ContentEntry.Kind(rawValue: String($0)) }
            let topic = query.get("topic").flatMap { ContentTopic(rawValue: String($0)) }
            let overview = try await service.overview(owner, query: words, kind: kind, topic: topic)
            let creator = try await services.creators.space(owner)?.branding
            return services.renderer.render(
                "library", chrome: Chrome(title: t("library.title"), context: context, tab: .coach),
                content: LibraryPage(overview, query: words, kind: kind, creator: creator))
        }
        router.get("library/:id") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            // The device keeping a copy for offline reading has not opened it for the person.
            let prefetch = request.headers[HTTPField.Name("X-Thrive-Prefetch")!] != nil
            let id = try ContentAPIController.id(context)
            let listing = prefetch ? try await service.listing(owner, id) : try await service.open(owner, id)
            let notice = request.uri.queryParameters.get("saved").map {
                t("library.notice.\($0 == "finished" ? "finished" : "saved")")
            }
            return services.renderer.render(
                "library-entry", chrome: Chrome(title: listing.entry.title, context: context, tab: .coach),
                content: LibraryEntryPage(listing, notice: notice))
        }
        router.post("library/:id/bookmark") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let id = try ContentAPIController.id(context)
            let form = try await MealPagesController.form(request)
            _ = try await service.bookmark(owner, id, form["bookmarked"] == "yes")
            return .redirect(to: "\(Self.base)/\(id)?saved=bookmark", type: .normal)
        }
        router.post("library/:id/finished") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let id = try ContentAPIController.id(context)
            _ = try await service.reach(owner, id, percent: 100)
            return .redirect(to: "\(Self.base)/\(id)?saved=finished", type: .normal)
        }
    }
}
