import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// The signed-in pages: the home page with a greeting and the person's data so far, the tabs that
/// later issues fill, and the profile with logout.
struct AppPagesController {
    let services: AppServices

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("/") { _, context -> Response in
            guard let userID = context.identity?.userID else { return Self.toLogin(context) }
            let (profile, summary) = try await services.store.read { repositories in
                let records = repositories.records(of: userID)
                return (try await records.profile.get() ?? Profile(), try await records.summary())
            }
            let overview = try await services.engines.overview(userID)
            let page = HomePage(
                profile: profile, summary: summary, now: services.now(), cards: overview.cards, scores: overview.scores,
                alerts: overview.alerts.filter(\.isOpen))
            return services.renderer.render(
                "home", chrome: Chrome(title: "Dashboard", context: context, tab: .dashboard), content: page)
        }

        for (path, tab, title, description) in [
            (
                "pillars", Tab.pillars, "Pillars",
                "Fitness, Nutrition and Wellbeing, each with its score, trends and the details behind them."
            ),
            ("insights", Tab.insights, "Insights", "Patterns across your pillars: what affects what, and how your trends move."),
        ] {
            router.get(RouterPath(path)) { _, context -> Response in
                guard context.identity != nil else { return Self.toLogin(context) }
                return services.renderer.render(
                    "placeholder", chrome: Chrome(title: title, context: context, tab: tab),
                    content: PlaceholderPage(purpose: description)
                )
            }
        }

        router.post("alerts/:id/acknowledge") { _, context -> Response in
            guard let userID = context.identity?.userID else { return Self.toLogin(context) }
            guard let id = context.parameters.get("id").flatMap(SafetyAlertID.init) else { throw AppError.notFound() }
            _ = try await services.engines.acknowledge(userID, alert: id)
            return .redirect(to: "/#alerts", type: .normal)
        }

        router.get("profile") { _, context -> Response in
            guard let userID = context.identity?.userID else { return Self.toLogin(context) }
            let found = try await services.store.read { repositories -> (Account, Profile)? in
                guard let account = try await repositories.accounts.find(id: userID) else { return nil }
                return (account, try await repositories.records(of: userID).profile.get() ?? Profile())
            }
            guard let (account, profile) = found else { return Self.toLogin(context) }
            let page = ProfilePage(account: account, profile: profile, idleMinutes: services.configuration.sessionIdleMinutes)
            return services.renderer.render(
                "profile", chrome: Chrome(title: "Profile", context: context, tab: .profile), content: page)
        }
    }

    static func toLogin(_ context: AppRequestContext) -> Response {
        .redirect(to: context.sessionEnded ? "/login?notice=expired" : "/login", type: .normal)
    }
}

/// A tab that a later part of Thrive fills: what it will hold.
struct PlaceholderPage: Sendable {
    let purpose: String
}
