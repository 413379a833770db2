import Foundation
import Hummingbird
import ThriveCore

/// Pillars › Fitness pages that read the day aggregates: activity and recovery status.
struct FitnessPagesController {
    let services: AppServices

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("pillars/fitness/activity") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            let overview = try await services.engines.overview(owner, context: person)
            var page = ActivityPage(days: overview.days, today: person.today, person: person)
            page.charts = try await charts(
                [.steps, .activeMinutes], owner, person, request, context, "/pillars/fitness/activity")
            if context.settings?.coaching.mode == .deep {
                page.rhythm = try await services.charts.rhythm(owner: owner, person: person)
            }
            return services.renderer.render(
                "activity", chrome: Chrome(title: t("activity.title"), context: context, tab: .pillars), content: page)
        }

        router.get("pillars/fitness/recovery") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            let overview = try await services.engines.overview(owner, context: person)
            var page = RecoveryPage(days: overview.days, today: person.today, person: person)
            page.charts = try await charts(
                [.restingHeartRate, .heartRate, .heartRateVariability], owner, person, request, context,
                "/pillars/fitness/recovery")
            return services.renderer.render(
                "recovery", chrome: Chrome(title: t("recovery.title"), context: context, tab: .pillars), content: page)
        }
    }

    private func charts(
        _ metrics: [ChartMetric], _ owner: UserID, _ person: PersonContext, _ request: Request,
        _ context: AppRequestContext, _ path: String
    ) async throws -> [MetricChartView] {
        var views: [MetricChartView] = []
        for metric in metrics {
            views.append(
                try await services.charts.view(
                    metric, owner: owner, person: person, request: ChartRequest(request, context), path: path))
        }
        return views
    }
}
