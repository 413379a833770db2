import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Search across the person's own records and Thrive's pages.
struct SearchPagesController {
    let services: AppServices

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("search") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let query = request.searchText()
            let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
            var results: GlobalSearch.Results?
            if trimmed.count >= 2 {
                let zone = try await services.engines.context(owner).zone
                results = try await GlobalSearch(store: services.store).search(trimmed, owner: owner, zone: zone)
            }
            return services.renderer.render(
                "search", chrome: Chrome(title: t("nav.search"), context: context),
                content: SearchPage(query: query, results: results, tooShort: !trimmed.isEmpty && trimmed.count < 2))
        }
    }
}
