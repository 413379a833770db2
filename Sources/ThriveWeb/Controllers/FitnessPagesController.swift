import Foundation
import Hummingbird
import ThriveCore

/// Pillars › Fitness pages that read the day aggregates: activity and recovery status.
struct FitnessPagesController {
    let services: AppServices

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("pillars/fitness/activity") { _, context -> Response in
            guard let owner = context.identity?.userID else { return AppPagesController.toLogin(context) }
            let person = try await services.engines.context(owner)
            let overview = try await services.engines.overview(owner, context: person)
            return services.renderer.render(
                "activity", chrome: Chrome(title: "Activity", context: context, tab: .pillars),
                content: ActivityPage(days: overview.days, today: person.today, person: person))
        }

        router.get("pillars/fitness/recovery") { _, context -> Response in
            guard let owner = context.identity?.userID else { return AppPagesController.toLogin(context) }
            let person = try await services.engines.context(owner)
            let overview = try await services.engines.overview(owner, context: person)
            let fitness = overview.scores.first { $0.pillar == .fitness }
            return services.renderer.render(
                "recovery", chrome: Chrome(title: "Recovery status", context: context, tab: .pillars),
                content: RecoveryPage(
                    days: overview.days, today: person.today, person: person,
                    component: fitness?.components.first { $0.name == "Recovery" }))
        }
    }
}
