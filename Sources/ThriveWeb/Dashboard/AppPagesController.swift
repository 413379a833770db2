import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// The signed-in pages: the home page with a greeting and the person's data so far, the tabs that
/// later issues fill, and the profile with logout.
struct AppPagesController {
    let services: AppServices

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("/") { request, context -> Response in
            guard let owner = context.identity?.userID else { return Self.toLogin(context) }
            let dashboard = try await services.dashboard.dashboard(owner, mode: context.settings?.coaching.mode)
            let zone = TimeZone(identifier: dashboard.timeZone) ?? .gmt
            var page = DashboardPage(
                dashboard, zone: zone,
                welcomed: request.uri.queryParameters.get("welcome") == "1",
                unavailable: request.uri.queryParameters.get("notice") == "unavailable")
            let (day, habits) = try await services.habits.today(owner)
            page.habits = HomeHabits(habits, toast: HabitPagesController.toast(request, views: habits))
            let programs = try await services.programs.active(owner).map(ProgramCard.init)
            page.programs = programs.isEmpty ? nil : HomePrograms(cards: programs)
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
                coachName: try await services.creators.space(owner)?.branding.name, habits: habits)
            return services.renderer.render(
                "home", chrome: Chrome(title: t("nav.dashboard"), context: context, tab: .dashboard), content: page)
        }

        router.get("profile/data") { _, context -> Response in
            guard let owner = context.identity?.userID else { return Self.toLogin(context) }
            let (profile, summary) = try await services.store.read { repositories in
                let records = repositories.records(of: owner)
                return (try await records.profile.get() ?? Profile(), try await records.summary())
            }
            return services.renderer.render(
                "your-data", chrome: Chrome(title: t("yourData.title"), context: context, tab: .profile),
                content: YourDataPage(summary: summary, zone: profile.timeZone))
        }

        router.get("search") { request, context -> Response in
            guard let owner = context.identity?.userID else { return Self.toLogin(context) }
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

        router.get("pillars") { _, context -> Response in
            guard let owner = context.identity?.userID else { return Self.toLogin(context) }
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
                guard let owner = context.identity?.userID else { return Self.toLogin(context) }
                let score = try await services.engines.overview(owner).scores.first { $0.pillar == pillar }
                let page = PillarPage(
                    pillar: pillar.rawValue, name: pillar.title, icon: pillar.icon, score: score.map(ScoreTile.init),
                    sections: pillar.sections)
                return services.renderer.render(
                    "pillar", chrome: Chrome(title: pillar.title, context: context, tab: .pillars), content: page)
            }
        }

        router.get("pillars/nutrition/plan") { _, context -> Response in
            guard let owner = context.identity?.userID else { return Self.toLogin(context) }
            let person = try await services.engines.context(owner)
            let plan = person.missingForPlan.isEmpty ? try await services.engines.nutritionPlan(owner) : nil
            let page = NutritionPlanPage(plan: plan, missing: person.missingForPlan, units: person.profile.unitSystem)
            return services.renderer.render(
                "plan-nutrition", chrome: Chrome(title: t("planNutrition.title"), context: context, tab: .pillars), content: page)
        }

        router.get("pillars/fitness/plan") { _, context -> Response in
            guard let owner = context.identity?.userID else { return Self.toLogin(context) }
            let person = try await services.engines.context(owner)
            let page = TrainingPlanPage(
                program: try await services.engines.trainingProgram(owner), units: person.profile.unitSystem)
            return services.renderer.render(
                "plan-training", chrome: Chrome(title: t("planTraining.title"), context: context, tab: .pillars), content: page)
        }

        router.get("insights") { request, context -> Response in
            guard let owner = context.identity?.userID else { return Self.toLogin(context) }
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
                "profile", chrome: Chrome(title: t("nav.profile"), context: context, tab: .profile), content: page)
        }
    }

    static func toLogin(_ context: AppRequestContext) -> Response {
        .redirect(to: context.sessionEnded ? "/login?notice=expired" : "/login", type: .normal)
    }
}
