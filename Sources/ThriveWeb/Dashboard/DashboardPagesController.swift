import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// The home page (the dashboard with today's habits, programs and coaching updates), the pillars
/// and each pillar's page.
struct DashboardPagesController {
    let services: AppServices

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("/") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let dashboard = try await services.dashboard.dashboard(owner, mode: context.settings?.coaching.mode)
            let zone = TimeZone(identifier: dashboard.timeZone) ?? .gmt
            var page = DashboardPage(
                dashboard, zone: zone,
                welcomed: request.uri.queryParameters.get("welcome") == "1",
                unavailable: request.uri.queryParameters.get("notice") == "unavailable")
            let (day, habits) = try await services.habits.today(owner)
            page.habits = HomeHabits(
                habits,
                toast: HabitPagesController.toast(
                    request, views: habits,
                    creatorAwards: try await services.habits.creatorAwards(
                        owner, if: request.uri.queryParameters.get("creatorBadges") != nil)))
            let programs = try await services.programs.active(owner).map(ProgramCard.init)
            page.programs = programs.isEmpty ? nil : HomePrograms(cards: programs)
            page.labs = HomeLabs(
                latest: try await services.labs.results(owner, after: nil, limit: 1).results.first,
                kits: try await services.labs.kits(owner), thresholds: services.labs.thresholds, zone: zone)
            let (awards, start) = try await services.store.read { repositories in
                let records = repositories.records(of: owner)
                return (
                    try await records.achievements.all().filter { $0.earnedOn >= day.adding(days: -6) },
                    try await records.documents.get(CoachingStart.self)
                )
            }
            let journey = start?.completedAt.map { day.days(since: LocalDate($0, in: zone)) + 1 }
            page.activity = HomeActivity(
                journeyDay: journey, awards: awards, unread: context.unreadCoach,
                coachName: try await services.creators.space(owner)?.branding.name, habits: habits, today: day, zone: zone)
            return services.renderer.render(
                "home", chrome: Chrome(title: t("nav.dashboard"), context: context, tab: .dashboard), content: page)
        }

        router.get("pillars") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let scores = try await services.engines.overview(owner).scores
            let page = PillarsPage(
                pillars: Pillar.allCases.map { pillar in
                    PillarsPage.Item(
                        pillar: pillar.rawValue, name: pillar.title, icon: pillar.icon, summary: pillar.summary,
                        score: scores.first { $0.pillar == pillar }.map(ScoreTile.init),
                        sections: pillar.sections.filter { !$0.comingSoon })
                })
            return services.renderer.render(
                "pillars", chrome: Chrome(title: t("nav.pillars"), context: context, tab: .pillars), content: page)
        }

        // One route per pillar: the router prefers a path's fixed segments ("nutrition" of
        // "/pillars/nutrition/meals") over a parameter, so "/pillars/:pillar" would never match them.
        for pillar in Pillar.allCases {
            router.get(RouterPath("pillars/\(pillar.rawValue)")) { _, context -> Response in
                guard let owner = context.identity?.userID else { return context.toLogin }
                let score = try await services.engines.overview(owner).scores.first { $0.pillar == pillar }
                let page = PillarPage(
                    pillar: pillar.rawValue, name: pillar.title, icon: pillar.icon, score: score.map(ScoreTile.init),
                    sections: pillar.sections)
                return services.renderer.render(
                    "pillar", chrome: Chrome(title: pillar.title, context: context, tab: .pillars), content: page)
            }
        }
    }
}
