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
            return try await nutritionPage(owner, context: context)
        }

        // A weight to reach by a date: checked for safety, then it drives the plan's rate.
        router.post("pillars/nutrition/plan/goal") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            let person = try await services.engines.context(owner)
            let units = person.profile.unitSystem
            var update = PreferencesUpdate()
            let preferences: PlanPreferences
            do throws(ValidationError) {
                if form["remove"] == "true" {
                    update.removeWeightGoal = true
                } else {
                    guard let goal = try WeightGoalForm.goal(form, units: units) else {
                        throw ValidationError(field: "targetWeight", message: t("planGoal.incomplete"))
                    }
                    update.weightGoal = goal
                }
                preferences = try update.applied(
                    to: person.preferences,
                    body: PreferencesUpdate.Body(weight: person.weight, height: person.profile.height, today: person.today))
            } catch {
                return try await nutritionPage(
                    owner, context: context, error: error.message, values: (form["targetWeight"], form["targetDate"]))
            }
            let time = services.now()
            try await services.store.write { try await $0.records(of: owner).documents.save(preferences, at: time) }
            return .redirect(to: "/pillars/nutrition/plan#goal-title", type: .normal)
        }

        router.post("pillars/nutrition/plan/refeeds/:scheduled") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            let scheduled = try LocalDate.asked(context.parameters.get("scheduled"))
            let change =
                form["skip"] == "true"
                ? RefeedDays.Change(skip: true) : RefeedDays.Change(day: try LocalDate.asked(form["day"]))
            do {
                try await RefeedDays.change(
                    scheduled, change, person: try await services.engines.context(owner), owner: owner, store: services.store,
                    now: services.now())
            } catch let error as ValidationError {
                return try await nutritionPage(owner, context: context, refeedError: error.message)
            }
            return .redirect(to: "/pillars/nutrition/plan#refeeds-title", type: .normal)
        }

        router.get("pillars/fitness/plan") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            return try await trainingPage(
                owner, context: context, answered: request.uri.queryParameters.get("emphasis").map { String($0) })
        }

        router.post("pillars/fitness/plan/emphasis") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            guard let answer = form.text("answer"), ["accept", "decline"].contains(answer) else {
                throw AppError(
                    status: .badRequest, code: "invalid_input", message: t("emphasisReview.chooseAnswer"), field: "answer")
            }
            // A second tap, or a form from before the month turned: nothing is open, the page says where things stand.
            guard try await services.engines.emphasisReview(owner).suggestion != nil else {
                return .redirect(to: "/pillars/fitness/plan", type: .normal)
            }
            _ = try await services.engines.answerEmphasisReview(owner, accept: answer == "accept")
            return .redirect(to: "/pillars/fitness/plan?emphasis=\(answer == "accept" ? "accepted" : "declined")", type: .normal)
        }

        router.post("pillars/fitness/plan/setup") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            let person = try await services.engines.context(owner)
            let preferences: PlanPreferences
            do {
                var update = PreferencesUpdate()
                update.training = try TrainingSetupForm.update(
                    from: form, current: person.preferences.training, units: person.profile.unitSystem)
                preferences = try update.applied(
                    to: person.preferences,
                    body: PreferencesUpdate.Body(weight: person.weight, height: person.profile.height, today: person.today))
            } catch let problems as ValidationErrors {
                var errors = FormErrors()
                for problem in problems.all { errors.add(problem) }
                return try await trainingPage(owner, context: context, form: form, errors: errors)
            }
            let time = services.now()
            try await services.store.write { try await $0.records(of: owner).documents.save(preferences, at: time) }
            return .redirect(to: "/pillars/fitness/plan?saved=1", type: .normal)
        }
    }

    /// The nutrition plan page, with the goal form's error and the values sent when it was refused (422).
    func nutritionPage(
        _ owner: UserID, context: AppRequestContext, error: String? = nil, values: (String?, String?) = (nil, nil),
        refeedError: String? = nil
    ) async throws -> Response {
        let person = try await services.engines.context(owner)
        let plan = person.missingForPlan.isEmpty ? try await services.engines.nutritionPlan(owner) : nil
        var page = NutritionPlanPage(plan: plan, missing: person.missingForPlan, units: person.profile.unitSystem)
        page.goal = NutritionPlanPage.GoalForm(
            goal: person.preferences.weightGoal, plan: plan, units: person.profile.unitSystem, today: person.today)
        page.refeeds = RefeedDays.body(person: person, plan: plan).refeeds.map(NutritionPlanPage.RefeedRow.init)
        page.hasRefeeds = !page.refeeds.isEmpty
        page.refeedError = refeedError
        if let error {
            page.goal.error = error
            page.goal.weight = values.0 ?? ""
            page.goal.date = values.1 ?? ""
        }
        return services.renderer.render(
            "plan-nutrition", chrome: Chrome(title: t("planNutrition.title"), context: context, tab: .pillars), content: page,
            status: error == nil && refeedError == nil ? .ok : .unprocessableContent)
    }

    /// The training plan with its set-up form; a refused form comes back as sent, with every problem (422).
    func trainingPage(
        _ owner: UserID, context: AppRequestContext, form: FormFields? = nil, errors: FormErrors = FormErrors(),
        answered: String? = nil
    ) async throws -> Response {
        let person = try await services.engines.context(owner)
        var page = TrainingPlanPage(program: try await services.engines.trainingProgram(owner), units: person.profile.unitSystem)
        let review = try await services.engines.emphasisReview(owner)
        page.review = EmphasisReviewView(review, units: person.profile.unitSystem)
        switch answered {
        case "accepted":
            page.reviewNotice = t(
                "emphasisReview.accepted", ["emphasis": t("emphasisReview.emphasis.\(review.current.rawValue)")])
        case "declined":
            page.reviewNotice = review.dueOn.map { t(Phrase("emphasisReview.declined", ["date": .date($0)])) }
        default: break
        }
        page.setup = TrainingSetupForm(
            person.preferences.training, units: person.profile.unitSystem, form: form, errors: errors)
        return services.renderer.render(
            "plan-training", chrome: Chrome(title: t("planTraining.title"), context: context, tab: .pillars), content: page,
            status: errors.hasAny ? .unprocessableContent : .ok)
    }
}
