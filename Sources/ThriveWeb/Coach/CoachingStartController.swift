import Foundation
import Hummingbird
import ThriveCore

/// The coaching welcome's five screens at `/coach/start/{step}`. A screen opens once the ones before
/// it are answered; otherwise, and at `/coach/start`, the person lands on the screen they are on.
struct CoachingStartController {
    let services: AppServices

    func addRoutes(to router: Router<AppRequestContext>) {
        let service = services.coachingStart
        router.get("coach/start") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let progress = try await service.progress(owner)
            if progress.isComplete { return .redirect(to: "/coach", type: .normal) }
            return .redirect(to: "/coach/start/\(progress.current.rawValue)", type: .normal)
        }
        for step in CoachingStart.Step.allCases {
            router.get(RouterPath("coach/start/\(step.rawValue)")) { _, context -> Response in
                guard let owner = context.identity?.userID else { return context.toLogin }
                let progress = try await service.progress(owner)
                if progress.isComplete { return .redirect(to: "/coach", type: .normal) }
                guard progress.canOpen(step) else {
                    return .redirect(to: "/coach/start/\(progress.current.rawValue)", type: .normal)
                }
                var page = CoachingStartPage(step, progress, library: services.programs.library)
                if step == .welcome, let space = try await services.creators.space(owner) {
                    page.creatorName = space.branding.name
                    // The creator's logo (else their photo) greets their people.
                    page.creatorImageURL =
                        space.branding.logo.map { _ in "/api/v1/creator/images/logo" }
                        ?? space.branding.avatar.map { _ in "/api/v1/creator/images/avatar" }
                    page.creatorWelcome = space.branding.welcomeMessage.isEmpty ? nil : space.branding.welcomeMessage
                }
                return services.renderer.render(
                    "coach-start", chrome: Chrome(title: t("coachStart.\(step.rawValue).title"), context: context, tab: .coach),
                    content: page)
            }
            router.post(RouterPath("coach/start/\(step.rawValue)")) { request, context -> Response in
                guard let owner = context.identity?.userID else { return context.toLogin }
                let form = try await MealPagesController.form(request)
                let progress = try await service.progress(owner)
                guard !progress.isComplete else { return .redirect(to: "/coach", type: .normal) }
                guard progress.canOpen(step) else {
                    return .redirect(to: "/coach/start/\(progress.current.rawValue)", type: .normal)
                }
                if step == .ready {
                    _ = try await service.finish(owner)
                    return .redirect(to: "/coach", type: .normal)
                }
                do {
                    let answer = try Self.answer(step, form, progress)
                    let next = try await service.update(owner) { answer(&$0) }
                    return .redirect(to: "/coach/start/\(next.current.rawValue)", type: .normal)
                } catch let error as ValidationError {
                    var errors = FormErrors()
                    errors.add(error)
                    var shown = progress
                    if step == .habits { shown.approach = form.text("approach").flatMap(CoachingStart.Approach.init) }
                    return render(step, shown, context, errors: errors, status: .unprocessableContent)
                }
            }
        }
    }

    private func render(
        _ step: CoachingStart.Step, _ progress: CoachingStart, _ context: AppRequestContext, errors: FormErrors = FormErrors(),
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let page = CoachingStartPage(step, progress, library: services.programs.library, errors: errors)
        return services.renderer.render(
            "coach-start", chrome: Chrome(title: t("coachStart.\(step.rawValue).title"), context: context, tab: .coach),
            content: page, status: status)
    }

    /// A screen's form read into a change of the progress, or the reason it cannot be used.
    static func answer(_ step: CoachingStart.Step, _ form: FormFields, _ progress: CoachingStart) throws(ValidationError)
        -> @Sendable (inout CoachingStart) -> Void
    {
        switch step {
        case .welcome:
            return { $0.welcomed = true }
        case .goal:
            guard let goal = form.text("goal").flatMap(CoachingGoal.init) else { throw .because("goal", "coachStartGoal") }
            // Another goal has other suggestions: the ones picked for the old goal go.
            return { progress in
                if progress.goal != goal { progress.habits = [] }
                progress.goal = goal
            }
        case .habits:
            guard let approach = form.text("approach").flatMap(CoachingStart.Approach.init) else {
                throw .because("approach", "coachStartApproach")
            }
            let picked = try CoachingStart.picked(form.all("habit"), goal: progress.goal ?? .exercise, approach: approach)
            return { progress in
                progress.approach = approach
                progress.habits = picked
            }
        case .reminders:
            var reminders = CoachingStart.Reminders()
            reminders.habitReminders = form["habitReminders"] == "on"
            reminders.checkIns = form["checkIns"] == "on"
            reminders.celebrations = form["celebrations"] == "on"
            reminders.time = try CoachingStart.reminderTime(form.text("time") ?? "")
            return { [reminders] in $0.reminders = reminders }
        case .ready:
            return { _ in }
        }
    }
}
