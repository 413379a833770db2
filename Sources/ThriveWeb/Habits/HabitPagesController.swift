import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Pillars › Wellbeing › Habits in the browser: today's habits with one-tap check-ins and undo,
/// adding and changing habits, pausing, archiving and deleting them. Plain forms with a redirect
/// after each write; habits.js makes the taps swap the card in place.
struct HabitPagesController {
    let services: AppServices

    static let base = "/pillars/wellbeing/habits"
    /// Pages a check-in may return to: the redirect target comes from the form, so only these.
    static let returnPaths: Set<String> = ["/", base]

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("pillars/wellbeing/habits") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let (_, views) = try await services.habits.all(owner)
            var page = HabitsPage(
                views,
                toast: Self.toast(
                    request, views: views,
                    creatorAwards: try await services.habits.creatorAwards(
                        owner, if: request.uri.queryParameters.get("creatorBadges") != nil)))
            if views.contains(where: { $0.habit.status == .active && $0.habit.reminderMinutes != nil }),
                try await PushDevices(store: services.store, now: services.now, ids: services.ids).list(owner).isEmpty
            {
                page.askForPush = try await services.push.vapidKey().publicKey
            }
            return services.renderer.pillarPage("habits", t("habits.title"), context, page)
        }

        router.get("pillars/wellbeing/habits/progress") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            let page = HabitProgressPage(
                try await services.habits.progress(owner), gallery: try await services.achievements.gallery(owner),
                zone: person.zone)
            return services.renderer.pillarPage("habit-progress", t("habitProgress.title"), context, page)
        }

        router.get("pillars/wellbeing/habits/new") { _, context -> Response in
            guard context.identity != nil else { return context.toLogin }
            return renderForm(values: [:], weekdays: [], errors: FormErrors(), existing: nil, context)
        }

        router.post("pillars/wellbeing/habits") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            do {
                let (_, created) = try await services.habits.create(owner, try HabitFormInput.draft(form))
                return .redirect(to: "\(Self.base)?added=\(created.habit.id)#habit-\(created.habit.id)", type: .normal)
            } catch let error as ValidationError {
                return renderRefused(form, [error], existing: nil, context)
            } catch let problems as ValidationErrors {
                return renderRefused(form, problems.all, existing: nil, context)
            }
        }

        router.get("pillars/wellbeing/habits/:id/edit") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let id = try HabitsAPIController.id(context)
            let (_, view) = try await services.habits.habit(owner, id)
            let (values, weekdays) = HabitFormPage.values(view.habit)
            return renderForm(
                values: values, weekdays: weekdays, errors: FormErrors(), existing: try await existing(owner, view), context)
        }

        router.post("pillars/wellbeing/habits/:id") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let id = try HabitsAPIController.id(context)
            let form = try await MealPagesController.form(request)
            do {
                _ = try await services.habits.update(owner, id, try HabitFormInput.change(form))
                return .redirect(to: "\(Self.base)?updated=\(id)#habit-\(id)", type: .normal)
            } catch let error as ValidationError {
                let (_, view) = try await services.habits.habit(owner, id)
                return renderRefused(form, [error], existing: try await existing(owner, view), context)
            } catch let problems as ValidationErrors {
                let (_, view) = try await services.habits.habit(owner, id)
                return renderRefused(form, problems.all, existing: try await existing(owner, view), context)
            }
        }

        router.post("pillars/wellbeing/habits/:id/status") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let id = try HabitsAPIController.id(context)
            let form = try await MealPagesController.form(request)
            guard let status = form.text("status").flatMap(Habit.Status.init(rawValue:)) else {
                throw AppError.badRequest(t("habits.unknownStatus"))
            }
            _ = try await services.habits.update(owner, id, HabitChange(status: status))
            return .redirect(to: "\(Self.base)?updated=\(id)#habit-\(id)", type: .normal)
        }

        router.post("pillars/wellbeing/habits/:id/delete") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let id = try HabitsAPIController.id(context)
            let form = try await MealPagesController.form(request)
            guard form.text("confirm") == "yes" else {
                let (_, view) = try await services.habits.habit(owner, id)
                let (values, weekdays) = HabitFormPage.values(view.habit)
                var errors = FormErrors()
                errors.add("confirm", t("habitForm.confirmDelete"))
                return renderForm(
                    values: values, weekdays: weekdays, errors: errors, existing: try await existing(owner, view), context,
                    status: .unprocessableContent)
            }
            try await services.habits.delete(owner, id)
            return .redirect(to: "\(Self.base)?deleted=1", type: .normal)
        }

        router.post("pillars/wellbeing/habits/:id/checkin") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let id = try HabitsAPIController.id(context)
            let form = try await MealPagesController.form(request)
            guard let action = form.text("action").flatMap(HabitCheckInRequest.Action.init(rawValue:)) else {
                throw AppError.badRequest(t("habits.unknownAction"))
            }
            let amount = form.text("amount").flatMap { Int($0) }
            let outcome = try await services.habits.checkIn(owner, id, HabitCheckInRequest(action: action, amount: amount))
            let back = form.text("return").flatMap { Self.returnPaths.contains($0) ? $0 : nil } ?? Self.base
            let separator = back.contains("?") ? "&" : "?"
            var what = form.text("undo") == "1" ? "undone=1" : "was=\(HabitToast.token(outcome.previous))"
            if !outcome.awards.isEmpty { what += "&badges=\(AchievementText.token(outcome.awards))" }
            if !outcome.creatorBadges.isEmpty {
                let ids = outcome.creatorBadges.map(\.badgeID).joined(separator: ",")
                what += "&creatorBadges=\(ids.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "")"
            }
            return .redirect(to: "\(back)\(separator)habit=\(id)&\(what)#habit-\(id)", type: .normal)
        }
    }

    /// The toast for the habit named in the query, if it is one of these; a creator's badge it
    /// names is shown only when the person holds it (`creatorAwards`).
    static func toast(_ request: Request, views: [HabitToday], creatorAwards: [CreatorBadgeAward] = []) -> HabitToast? {
        let query = request.uri.queryParameters
        guard let id = query.get("habit").map({ String($0) }),
            let view = views.first(where: { $0.habit.id.description == id })
        else { return nil }
        var toast = HabitToast(HabitCard(view), was: query.get("was").map { String($0) }, undone: query.get("undone") == "1")
        toast?.badges = AchievementText.awards(fromToken: query.get("badges").map { String($0) }).map {
            AchievementText.newBadge($0.0, $0.1)
        }
        let named = Set((query.get("creatorBadges") ?? "").split(separator: ",").map(String.init))
        toast?.badges += creatorAwards.filter { named.contains($0.badgeID) }.map(CreatorBadges.newBadge)
        return toast
    }

    private func existing(_ owner: UserID, _ view: HabitToday) async throws -> HabitFormPage.Existing {
        let count = try await services.habits.checkInCount(owner, view.habit.id)
        return HabitFormPage.Existing(
            id: view.habit.id.description, status: view.habit.status.rawValue, isActive: view.habit.status == .active,
            isPaused: view.habit.status == .paused, isArchived: view.habit.status == .archived,
            checkInCount: Localizer.current.plural("habitForm.checkIns", count))
    }

    private func renderRefused(
        _ form: FormFields, _ problems: [ValidationError], existing: HabitFormPage.Existing?, _ context: AppRequestContext
    ) -> Response {
        var errors = FormErrors()
        for problem in problems { errors.add(problem) }
        return renderForm(
            values: form.values, weekdays: Set(form.all("weekdays").compactMap { Int($0) }), errors: errors,
            existing: existing, context, status: .unprocessableContent)
    }

    private func renderForm(
        values: HabitFormPage.Values, weekdays: Set<Int>, errors: FormErrors, existing: HabitFormPage.Existing?,
        _ context: AppRequestContext, status: HTTPResponse.Status = .ok
    ) -> Response {
        let heading = existing == nil ? t("habitForm.newHeading") : t("habitForm.editHeading")
        let page = HabitFormPage(
            heading: heading, action: existing.map { "\(Self.base)/\($0.id)" } ?? Self.base,
            submitLabel: existing == nil ? t("habitForm.add") : t("habitForm.save"), values: values, weekdays: weekdays,
            errors: errors, existing: existing)
        return services.renderer.pillarPage("habit-form", heading, context, page, status: status)
    }
}
