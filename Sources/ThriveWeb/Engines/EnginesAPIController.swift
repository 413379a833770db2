import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// The health engines for the signed-in person: plans, KPI cards, pillar scores, safety alerts and
/// insights, under `/api/v1`.
struct EnginesAPIController {
    let services: AppServices
    var engines: HealthEngineService { services.engines }

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("plan/nutrition") { _, context -> Response in
            try jsonResponse(NutritionPlanBody(try await engines.nutritionPlan(try context.requireUser())))
        }
        api.get("plan/training") { _, context -> Response in
            try jsonResponse(TrainingProgramBody(try await engines.trainingProgram(try context.requireUser())))
        }
        api.get("plan/preferences") { _, context -> Response in
            try jsonResponse(try await engines.context(try context.requireUser()).preferences)
        }
        api.put("plan/preferences") { request, context -> Response in
            let owner = try context.requireUser()
            let update = try await StrictJSON.decode(PreferencesUpdate.self, from: request, context: context, limit: 16 * 1024)
            var preferences = try update.applied(to: try await engines.context(owner).preferences)
            let time = services.now()
            if preferences.startedOn == nil { preferences.startedOn = LocalDate(time, in: try await engines.context(owner).zone) }
            let saved = preferences
            try await services.store.write { try await $0.records(of: owner).documents.save(saved, at: time) }
            return try jsonResponse(saved)
        }
        api.get("kpis") { request, context -> Response in
            let (date, cards) = try await engines.kpis(try context.requireUser(), on: try Self.date(request))
            return try jsonResponse(KPIResponse(date: date, cards: cards))
        }
        api.get("scores") { request, context -> Response in
            let (date, scores) = try await engines.scores(try context.requireUser(), on: try Self.date(request))
            return try jsonResponse(ScoresResponse(date: date, scores: scores))
        }
        api.get("alerts") { _, context -> Response in
            let alerts = try await engines.alerts(try context.requireUser())
            return try jsonResponse(
                AlertsResponse(alerts: alerts.map(AlertBody.init), emergencyAdvice: t(SafetyCondition.emergencyAdvice)))
        }
        api.post("alerts/:id/acknowledge") { _, context -> Response in
            let owner = try context.requireUser()
            guard let id = context.parameters.get("id").flatMap(SafetyAlertID.init) else {
                throw AppError.notFound(t("api.noAlert"))
            }
            return try jsonResponse(AlertBody(try await engines.acknowledge(owner, alert: id)))
        }
        api.get("insights") { _, context -> Response in
            try jsonResponse(
                InsightsResponse(insights: try await engines.insights(try context.requireUser()).map(InsightBody.init)))
        }
    }

    static func date(_ request: Request) throws -> LocalDate? {
        guard let text = request.uri.queryParameters.get("date") else { return nil }
        guard let date = LocalDate(iso8601: text) else {
            throw AppError.badRequest("“date” must be a calendar date like 2026-11-22.", field: "date")
        }
        return date
    }
}
