import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Onboarding in spec 004's order: consent, the required profile, optional details, data source,
/// baseline assessments, and the plan with its reasons. Each step is saved as it is completed, in one
/// transaction, so a person can leave and resume; no step opens before the ones it follows.
struct OnboardingController {
    let services: AppServices

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("onboarding") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let state = try await OnboardingState.load(owner, store: services.store)
            return .redirect(to: state.next.map { "/onboarding/\($0.rawValue)" } ?? "/", type: .normal)
        }
        for step in OnboardingStep.allCases {
            router.get(RouterPath("onboarding/\(step.rawValue)")) { _, context -> Response in
                guard let owner = context.identity?.userID else { return context.toLogin }
                let state = try await OnboardingState.load(owner, store: services.store)
                guard state.progress.canOpen(step, profile: state.profile) else {
                    return .redirect(to: "/onboarding", type: .normal)
                }
                return try await render(step, state: state, owner: owner, form: nil, errors: FormErrors(), context: context)
            }
            router.post(RouterPath("onboarding/\(step.rawValue)")) { request, context -> Response in
                guard let owner = context.identity?.userID else { return context.toLogin }
                let state = try await OnboardingState.load(owner, store: services.store)
                guard state.progress.canOpen(step, profile: state.profile) else {
                    return .redirect(to: "/onboarding", type: .normal)
                }
                let form = try await MealPagesController.form(request)
                do {
                    try await complete(step, form: form, state: state, owner: owner)
                    let after = try await OnboardingState.load(owner, store: services.store)
                    // Onboarding done: an invitation opened before signing up is next.
                    let done = Invitation.pending(request) ?? "/?welcome=1"
                    return .redirect(to: after.next.map { "/onboarding/\($0.rawValue)" } ?? done, type: .normal)
                } catch let error as ValidationError {
                    var errors = FormErrors()
                    errors.add(error)
                    return try await render(step, state: state, owner: owner, form: form, errors: errors, context: context)
                } catch let problems as ValidationErrors {
                    var errors = FormErrors()
                    for problem in problems.all { errors.add(problem) }
                    return try await render(step, state: state, owner: owner, form: form, errors: errors, context: context)
                }
            }
        }
    }

    private func render(
        _ step: OnboardingStep, state: OnboardingState, owner: UserID, form: FormFields?, errors: FormErrors,
        context: AppRequestContext
    ) async throws -> Response {
        var page = OnboardingPage(step: step, state: state, errors: errors)
        switch step {
        case .consent: break
        case .profile: page.fillProfile(state, form: form)
        case .optional:
            let person = try await services.engines.context(owner)
            page.fillOptional(person.preferences, units: person.profile.unitSystem, today: person.today, form: form)
        case .dataSource:
            let connected = try await services.store.read { try await $0.records(of: owner).devices.all() }
            page.fillDataSource(
                state.progress, form: form, offered: services.configuration.devices.offered, connected: connected.map(\.provider))
        case .baseline: page.fillBaseline(state.progress, form: form)
        case .plan:
            let person = try await services.engines.context(owner)
            let plan = person.missingForPlan.isEmpty ? try await services.engines.nutritionPlan(owner) : nil
            page.nutrition = NutritionPlanPage(plan: plan, missing: person.missingForPlan, units: person.profile.unitSystem)
            page.training = TrainingPlanPage(
                program: try await services.engines.trainingProgram(owner), units: person.profile.unitSystem)
        }
        return services.renderer.render(
            "onboarding", chrome: Chrome(title: t("onboarding.pageTitle", ["step": step.title]), context: context, tab: .setup),
            content: page,
            status: errors.hasAny ? .unprocessableContent : .ok)
    }

    /// Validates a step's answers and stores them with the progress, in one transaction.
    private func complete(_ step: OnboardingStep, form: FormFields, state: OnboardingState, owner: UserID) async throws {
        let now = services.now()
        var progress = state.progress
        var profile = state.profile
        var preferences = try await services.engines.context(owner).preferences
        switch step {
        case .consent:
            guard form.text("accept") == "yes" else {
                throw ValidationError(
                    field: "accept", message: t("onboarding.error.accept"))
            }
            progress.consent = ConsentAcceptance(
                version: ConsentTerms.version, acceptedAt: now, deidentifiedModelTraining: form.text("modelTraining") == "yes")
        case .profile:
            let answers = try OnboardingAnswers.profile(form, profile: profile, now: now)
            profile = answers.profile
            progress.details = answers.details
            preferences.goal = answers.details.nutritionGoal
            preferences.training.buildMuscle = answers.details.goals.contains(.muscleGain)
            preferences.training.seriousCondition = answers.details.needsPhysicianSignOff
            if preferences.goal == .lose, preferences.targetRateKilogramsPerWeek == nil {
                // Spec 004: about 1 lb a week by default.
                preferences.targetRateKilogramsPerWeek = 0.45
            }
        case .optional:
            if form.text("skip") == nil {
                let person = try await services.engines.context(owner)
                try OnboardingAnswers.optional(
                    form, into: &preferences, units: profile.unitSystem,
                    body: PreferencesUpdate.Body(weight: person.weight, height: profile.height, today: person.today))
            }
            progress.optionalDone = true
        case .dataSource:
            guard let source = form.text("source").flatMap(DataSourceChoice.init) else {
                throw ValidationError(field: "source", message: t("onboarding.error.source"))
            }
            if source == .device, try await services.store.read({ try await $0.records(of: owner).devices.all() }).isEmpty {
                throw ValidationError(field: "source", message: t("onboarding.error.noDevice"))
            }
            progress.dataSource = source
        case .baseline:
            progress.baseline = try OnboardingAnswers.baseline(form, units: profile.unitSystem)
        case .plan:
            progress.planAcceptedAt = now
            preferences.startedOn = preferences.startedOn ?? LocalDate(now, in: profile.timeZone)
        }
        let saved = (progress, profile, preferences)
        try await services.store.write { repositories in
            let records = repositories.records(of: owner)
            try await records.documents.save(saved.0, at: now)
            try await records.profile.save(saved.1, at: now)
            try await records.documents.save(saved.2, at: now)
        }
    }
}
