import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// The insights page: the day's insights (marked seen), the charts they speak of, and the
/// correlation explorer.
struct InsightsPagesController {
    let services: AppServices

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("insights") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            let today = person.today
            let insights = try await services.dashboard.insights(owner, today: today)
            let time = services.now()
            try await services.store.write { repositories in
                let documents = repositories.records(of: owner).documents
                guard var cache = try await documents.get(InsightCache.self), cache.seenOn != today else { return }
                cache.seenOn = today
                try await documents.save(cache, at: time)
            }
            var chrome = Chrome(title: t("nav.insights"), context: context, tab: .insights)
            chrome.unreadInsights = 0
            let query = request.uri.queryParameters
            func text(_ name: String) -> String? { query.get(name).map { String($0) } }
            let question = CorrelationView.Question(x: text("x"), y: text("y"), lag: text("lag"), days: text("days"))
            var page = InsightsPage(insights)
            page.explorer = try await services.charts.correlation(question, owner: owner, person: person)
            for metric in InsightsPage.chartMetrics(for: insights) {
                page.charts.append(
                    try await services.charts.view(
                        metric, owner: owner, person: person, request: ChartRequest(request, context), path: "/insights"))
            }
            return services.renderer.render("insights", chrome: chrome, content: page)
        }
    }
}
