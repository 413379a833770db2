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
    }
}
