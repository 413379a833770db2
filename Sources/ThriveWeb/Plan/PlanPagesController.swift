import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// The nutrition plan and the workout plan, with the reasons for every number.
struct PlanPagesController {
    let services: AppServices

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("pillars/nutrition/plan") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            let plan = person.missingForPlan.isEmpty ? try await services.engines.nutritionPlan(owner) : nil
            let page = NutritionPlanPage(plan: plan, missing: person.missingForPlan, units: person.profile.unitSystem)
            return services.renderer.render(
                "plan-nutrition", chrome: Chrome(title: t("planNutrition.title"), context: context, tab: .pillars), content: page)
        }

        router.get("pillars/fitness/plan") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            let page = TrainingPlanPage(
                program: try await services.engines.trainingProgram(owner), units: person.profile.unitSystem)
            return services.renderer.render(
                "plan-training", chrome: Chrome(title: t("planTraining.title"), context: context, tab: .pillars), content: page)
        }
    }
}
