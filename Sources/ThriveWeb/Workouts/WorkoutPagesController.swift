import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Pillars › Fitness › Workouts in the browser: start a session from the training plan and confirm
/// the sets, reps and loads performed (which progression reads for the next loads), log any other
/// activity, edit, and delete with undo. Plain forms with a redirect after each write.
struct WorkoutPagesController {
    let services: AppServices

    static let base = "/pillars/fitness/workouts"

    /// The form page: a new session from the plan, another activity, or an edit.
    struct FormPage: Sendable {
        let heading: String
        let intro: String?
        let date: String
        let form: WorkoutForm
        var errors: FormErrors { form.errors }
    }

    /// The index of the week's next planned session: one more than the workouts since Monday, round the plan.
    func nextSession(_ owner: UserID, person: PersonContext, count: Int) async throws -> Int? {
        guard count > 0 else { return nil }
        let monday = KPIEngine.weekSoFar(ending: person.today)[0]
        let window = DateWindow(from: monday.start(in: person.zone), to: person.today.adding(days: 1).start(in: person.zone))
        let done = try await services.store.read {
            try await $0.records(of: owner).workouts.workouts(in: window, limit: nil)
        }.count
        return done % count
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        let log = EntryLog(kind: .workout, store: services.store, now: services.now, ids: services.ids)

        router.get("pillars/fitness/workouts") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            let date = MealPagesController.day(request, today: person.today)
            let notice = request.uri.queryParameters.get("notice").flatMap { EntryNotice(rawValue: String($0)) }
            var saved: Workout?
            if let id = request.uri.queryParameters.get("saved").flatMap({ UUID(uuidString: String($0)) }) {
                saved = try await log.entry(owner, id: id)
            }
            return try await dayPage(date, person: person, owner: owner, notice: notice, saved: saved, context)
        }

        router.get("pillars/fitness/workouts/new") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            var date = MealPagesController.day(request, today: person.today)
            var values: WorkoutForm.Values = [:]
            var heading = t("workoutForm.heading")
            var intro: String? = t("workoutForm.intro")
            if let asked = request.uri.queryParameters.get("session").map({ String($0) }) {
                let program = try await services.engines.trainingProgram(owner)
                // "next": the plan's session after those already done this week (the dashboard's "Start workout").
                let index: Int? =
                    asked == "next"
                    ? try await nextSession(owner, person: person, count: program.sessions.count) : Int(asked, radix: 10)
                guard let index, program.sessions.indices.contains(index) else {
                    throw AppError.notFound(t("workoutForm.noSuchSession"))
                }
                let session = program.sessions[index]
                values = WorkoutForm.values(for: session, units: person.profile.unitSystem)
                heading = t(session.title)
                intro = t("workoutForm.fromPlan")
            }
            // People log a session when it is over: it started its planned length ago. Another activity
            // leaves the time blank, which means it ended just now.
            // Just after midnight that start was yesterday, and the form says so.
            if date == person.today, let minutes = values["minutes"].flatMap(Double.init) {
                let start = services.now().addingTimeInterval(-minutes * 60)
                values["time"] = DisplayFormat.time(start, in: person.zone)
                date = LocalDate(start, in: person.zone)
            }
            return renderForm(
                heading: heading, intro: intro, date: date, values: values, errors: FormErrors(), action: Self.base,
                person: person, context)
        }

        router.post("pillars/fitness/workouts") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            let form = try await MealPagesController.form(request)
            let date = form.text("date").flatMap { LocalDate(iso8601: $0) }.map { min($0, person.today) } ?? person.today
            do {
                let id = (services.ids.make() as WorkoutID).rawValue
                let workout = try WorkoutFormInput.workout(form, id: id, date: date, person: person, now: services.now())
                try await log.add(owner, workout)
                return redirect(to: LocalDate(workout.start, in: person.zone), notice: .added, saved: id)
            } catch let error as ValidationError {
                return renderForm(
                    heading: form.text("heading") ?? t("workoutForm.heading"), intro: nil, date: date, values: form.values,
                    errors: FormErrors(error), action: Self.base, person: person, context)
            }
        }

        router.post("pillars/fitness/workouts/undo") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            guard let restored = try await log.undoDelete(owner) else { return redirect(to: person.today, notice: nil) }
            return redirect(to: LocalDate(restored.start, in: person.zone), notice: .restored)
        }

        router.get("pillars/fitness/workouts/:id/edit") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            guard let workout = try await log.entry(owner, id: try Self.id(context)) else { throw EntryKind.workout.missing }
            let date = LocalDate(workout.start, in: person.zone)
            return renderForm(
                heading: t("workoutForm.edit", ["activity": workout.activityType.title]), intro: nil, date: date,
                values: WorkoutForm.values(for: workout, zone: person.zone, units: person.profile.unitSystem),
                errors: FormErrors(), action: "\(Self.base)/\(workout.id.description)", person: person, context)
        }

        router.post("pillars/fitness/workouts/:id") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            let id = try Self.id(context)
            guard let stored = try await log.entry(owner, id: id) else { throw EntryKind.workout.missing }
            let form = try await MealPagesController.form(request)
            let date = LocalDate(stored.start, in: person.zone)
            do {
                let workout = try WorkoutFormInput.workout(form, id: id, date: date, person: person, now: services.now())
                guard try await log.replace(owner, with: workout) != nil else { throw EntryKind.workout.missing }
                return redirect(to: LocalDate(workout.start, in: person.zone), notice: .updated, saved: id)
            } catch let error as ValidationError {
                return renderForm(
                    heading: t("workoutForm.edit", ["activity": stored.activityType.title]), intro: nil, date: date,
                    values: form.values, errors: FormErrors(error), action: "\(Self.base)/\(stored.id.description)",
                    person: person, context)
            }
        }

        router.post("pillars/fitness/workouts/:id/delete") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            guard let deleted = try await log.delete(owner, id: try Self.id(context)) else { throw EntryKind.workout.missing }
            return redirect(to: LocalDate(deleted.start, in: person.zone), notice: .deleted)
        }
    }

    private func dayPage(
        _ date: LocalDate, person: PersonContext, owner: UserID, notice: EntryNotice?, saved: Workout?,
        _ context: AppRequestContext
    ) async throws -> Response {
        let program = try await services.engines.trainingProgram(owner)
        let monday = KPIEngine.weekSoFar(ending: person.today)[0]
        let (day, week) = try await services.store.read { repositories in
            let workouts = repositories.records(of: owner).workouts
            return (
                try await workouts.workouts(
                    in: DateWindow(from: date.start(in: person.zone), to: date.adding(days: 1).start(in: person.zone)),
                    limit: nil),
                try await workouts.workouts(in: DateWindow(from: monday.start(in: person.zone)), limit: nil)
            )
        }
        let page = WorkoutDayPage(
            date: date, person: person, program: program, doneThisWeek: week.count, workouts: day, notice: notice,
            saved: saved)
        return services.renderer.render(
            "workouts", chrome: Chrome(title: t("workouts.title"), context: context, tab: .pillars), content: page)
    }

    private func renderForm(
        heading: String, intro: String?, date: LocalDate, values: WorkoutForm.Values, errors: FormErrors, action: String,
        person: PersonContext, _ context: AppRequestContext
    ) -> Response {
        var values = values
        values["heading"] = heading
        var form = WorkoutForm(
            action: action, cancel: "\(Self.base)?date=\(date.description)",
            submitLabel: t(action == Self.base ? "workoutForm.save" : "workoutForm.saveChanges"), values: values, errors: errors,
            units: person.profile.unitSystem)
        if action == Self.base { form.offline = OfflineForm(.workout, label: heading, profile: person.profile) }
        return services.renderer.render(
            "workout-form", chrome: Chrome(title: heading, context: context, tab: .pillars),
            content: FormPage(heading: heading, intro: intro, date: date.description, form: form),
            status: errors.hasAny ? .unprocessableContent : .ok)
    }

    private func redirect(to date: LocalDate, notice: EntryNotice?, saved: UUID? = nil) -> Response {
        var location = "\(Self.base)?date=\(date.description)"
        if let notice { location += "&notice=\(notice.rawValue)" }
        if let saved { location += "&saved=\(saved.uuidString.lowercased())" }
        return .redirect(to: location, type: .normal)
    }

    private static func id(_ context: AppRequestContext) throws -> UUID {
        guard let text = context.parameters.get("id"), let uuid = UUID(uuidString: text) else {
            throw EntryKind.workout.missing
        }
        return uuid
    }
}

extension FormErrors {
    init(_ error: ValidationError) {
        self.init()
        add(error)
    }
}
