import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// `/api/v1/plan`: the person's nutrition plan and training program, and the preferences both are
/// made from.
struct PlanAPIController {
    let services: AppServices
    var engines: HealthEngineService { services.engines }

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("plan/nutrition") { _, context -> Response in
            try jsonResponse(NutritionPlanBody(try await engines.nutritionPlan(try context.requireUser())))
        }
        api.get("plan/training") { _, context -> Response in
            try jsonResponse(TrainingProgramBody(try await engines.trainingProgram(try context.requireUser())))
        }
        api.get("plan/emphasis-review") { _, context -> Response in
            let owner = try context.requireUser()
            let units = try await engines.context(owner).profile.unitSystem
            return try jsonResponse(EmphasisReviewView(try await engines.emphasisReview(owner), units: units))
        }
        api.post("plan/emphasis-review") { request, context -> Response in
            let owner = try context.requireUser()
            let answer = try await StrictJSON.decode(EmphasisAnswer.self, from: request, context: context, limit: 1024)
            _ = try await engines.answerEmphasisReview(owner, accept: answer.accept)
            let units = try await engines.context(owner).profile.unitSystem
            return try jsonResponse(EmphasisReviewView(try await engines.emphasisReview(owner), units: units))
        }
        api.get("plan/refeeds") { _, context -> Response in
            let person = try await engines.context(try context.requireUser())
            return try jsonResponse(RefeedDays.body(person: person, plan: person.nutritionPlan()))
        }
        api.put("plan/refeeds/:scheduled") { request, context -> Response in
            let owner = try context.requireUser()
            let scheduled = try LocalDate.asked(context.parameters.get("scheduled"))
            let change = try await StrictJSON.decode(RefeedDays.Change.self, from: request, context: context, limit: 1024)
            try await RefeedDays.change(
                scheduled, change, person: try await engines.context(owner), owner: owner, store: services.store,
                now: services.now())
            let person = try await engines.context(owner)
            return try jsonResponse(RefeedDays.body(person: person, plan: person.nutritionPlan()))
        }
        api.get("plan/preferences") { _, context -> Response in
            try jsonResponse(try await engines.context(try context.requireUser()).preferences)
        }
        api.put("plan/preferences") { request, context -> Response in
            let owner = try context.requireUser()
            let update = try await StrictJSON.decode(PreferencesUpdate.self, from: request, context: context, limit: 16 * 1024)
            let person = try await engines.context(owner)
            var preferences = try update.applied(
                to: person.preferences,
                body: PreferencesUpdate.Body(weight: person.weight, height: person.profile.height, today: person.today))
            let time = services.now()
            if preferences.startedOn == nil { preferences.startedOn = person.today }
            let saved = preferences
            try await services.store.write { try await $0.records(of: owner).documents.save(saved, at: time) }
            return try jsonResponse(saved)
        }
    }
}

/// `POST /api/v1/plan/emphasis-review`: the person's answer to the open suggestion.
struct EmphasisAnswer: Codable, Sendable {
    let accept: Bool
}
