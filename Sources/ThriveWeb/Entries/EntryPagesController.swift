import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// The browser pages of one kind of entry at its path (e.g. `/pillars/wellbeing/mood`): a day with
/// its form, add, edit, delete and undo. Plain forms with a redirect after each write.
struct EntryPagesController<Entry: Codable & Sendable>: Sendable {
    let page: EntryPageKind<Entry>

    func addRoutes(to router: Router<AppRequestContext>, services: AppServices) {
        let log = EntryLog(kind: page.kind, store: services.store, now: services.now, ids: services.ids)
        let path = RouterPath(String(page.path.dropFirst()))

        router.get(path) { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            let date = MealPagesController.day(request, today: person.today)
            let notice = request.uri.queryParameters.get("notice").flatMap { EntryNotice(rawValue: String($0)) }
            return try await render(
                day: date, person: person, owner: owner, notice: notice, log: log, services, context,
                charts: ChartRequest(request, context))
        }

        router.post(path) { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            let form = try await MealPagesController.form(request)
            let date = form.text("date").flatMap { LocalDate(iso8601: $0) }.map { min($0, person.today) } ?? person.today
            do {
                let time = try moment(form, date: date, person: person, now: services.now())
                let entry = try page.parse(form, (services.ids.make() as Identifier<Entry>).rawValue, time, person)
                try await log.add(owner, entry)
                return redirect(to: date, notice: .added)
            } catch let error as ValidationError {
                var errors = FormErrors()
                errors.add(error)
                return try await render(
                    day: date, person: person, owner: owner, notice: nil, log: log, services, context, values: form,
                    errors: errors)
            }
        }

        router.post(RouterPath("\(path)/undo")) { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            guard let restored = try await log.undoDelete(owner) else { return redirect(to: person.today, notice: nil) }
            return redirect(to: LocalDate(page.kind.time(restored), in: person.zone), notice: .restored)
        }

        router.get(RouterPath("\(path)/:id/edit")) { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            guard let entry = try await log.entry(owner, id: try id(context)) else { throw page.kind.missing }
            return try await renderEdit(
                entry, values: page.values(entry, person), errors: FormErrors(), person: person, owner: owner, services,
                context)
        }

        router.post(RouterPath("\(path)/:id")) { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            let id = try id(context)
            guard let entry = try await log.entry(owner, id: id) else { throw page.kind.missing }
            let form = try await MealPagesController.form(request)
            let date = LocalDate(page.kind.time(entry), in: person.zone)
            do {
                let time = try moment(form, date: date, person: person, now: services.now())
                guard let updated = try await log.replace(owner, with: try page.parse(form, id, time, person)) else {
                    throw page.kind.missing
                }
                return redirect(to: LocalDate(page.kind.time(updated), in: person.zone), notice: .updated)
            } catch let error as ValidationError {
                var errors = FormErrors()
                errors.add(error)
                return try await renderEdit(
                    entry, values: form.values, errors: errors, person: person, owner: owner, services, context)
            }
        }

        router.post(RouterPath("\(path)/:id/delete")) { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            guard let deleted = try await log.delete(owner, id: try id(context)) else { throw page.kind.missing }
            return redirect(to: LocalDate(page.kind.time(deleted), in: person.zone), notice: .deleted)
        }
    }

    /// The time typed on the form on the page's day; blank means now (today) or noon (an earlier day).
    private func moment(_ form: FormFields, date: LocalDate, person: PersonContext, now: Date) throws -> Date {
        let time =
            try form.text("time").map { try ManualEntries.moment($0, on: date, zone: person.zone) }
            ?? (date == person.today ? now : try ManualEntries.moment("12:00", on: date, zone: person.zone))
        return try ManualEntries.moment(time, now: now, field: "time")
    }

    private func render(
        day date: LocalDate, person: PersonContext, owner: UserID, notice: EntryNotice?, log: EntryLog<Entry>,
        _ services: AppServices, _ context: AppRequestContext, values: FormFields? = nil, errors: FormErrors = FormErrors(),
        charts: ChartRequest? = nil
    ) async throws -> Response {
        let entries = try await log.day(owner, date, in: person.zone)
        var formValues = values?.values ?? [:]
        if formValues["time"] == nil, date == person.today {
            formValues["time"] = DisplayFormat.time(services.now(), in: person.zone)
        }
        var content = EntryPage(
            heading: page.heading, path: page.path, pillar: page.pillar.title, pillarPath: page.pillar.path,
            date: date.description,
            dateLabel: date == person.today
                ? t("common.today")
                : DisplayFormat.longDate(date.start(in: person.zone).addingTimeInterval(43_200), in: person.zone),
            previous: date.adding(days: -1).description, next: date < person.today ? date.adding(days: 1).description : nil,
            summary: page.summary(entries, person), notice: notice?.text(for: page.text), canUndo: notice == .deleted,
            formTitle: page.formTitle, submitLabel: page.submitLabel,
            controls: page.controls(formValues, errors, person), quick: page.quick, hasQuick: !page.quick.isEmpty,
            items: entries.reversed().map { entry in
                let (title, detail) = page.item(entry, person)
                return EntryPage.Item(id: page.kind.id(entry).uuidString.lowercased(), title: title, detail: detail)
            },
            isEmpty: entries.isEmpty, emptyText: page.emptyText, listTitle: page.listTitle,
            offline: OfflineForm(page.sync, label: page.heading, profile: person.profile), errors: errors)
        let request = charts ?? ChartRequest(range: nil, from: nil, to: nil, mode: context.settings?.coaching.mode ?? .light)
        for metric in page.charts {
            content.charts.append(
                try await services.charts.view(metric, owner: owner, person: person, request: request, path: page.path))
        }
        return services.renderer.render(
            "entries", chrome: Chrome(title: page.heading, context: context, tab: .pillars), content: content,
            status: errors.hasAny ? .unprocessableContent : .ok)
    }

    /// The edit form also says which version of the entry it shows, so an edit kept offline is sent
    /// as made on that version (and meets a change made meanwhile as a conflict, not over it).
    private func renderEdit(
        _ entry: Entry, values: [String: String], errors: FormErrors, person: PersonContext, owner: UserID,
        _ services: AppServices, _ context: AppRequestContext
    ) async throws -> Response {
        let id = page.kind.id(entry)
        let kind = page.sync
        let version = try await services.store.read {
            try await $0.records(of: owner).changes.latest(kind, recordIDs: [id])[id]?.sequence
        }
        let content = EntryEditPage(
            heading: page.heading, path: page.path, id: id.uuidString.lowercased(),
            date: LocalDate(page.kind.time(entry), in: person.zone).description,
            controls: page.controls(values, errors, person),
            offline: OfflineForm(kind, label: page.heading, profile: person.profile, record: id, version: version), errors: errors
        )
        return services.renderer.render(
            "entry-edit", chrome: Chrome(title: t("\(page.text).editTitle"), context: context, tab: .pillars),
            content: content, status: errors.hasAny ? .unprocessableContent : .ok)
    }

    private func redirect(to date: LocalDate, notice: EntryNotice?) -> Response {
        var location = "\(page.path)?date=\(date.description)"
        if let notice { location += "&notice=\(notice.rawValue)" }
        return .redirect(to: location, type: .normal)
    }

    private func id(_ context: AppRequestContext) throws -> UUID {
        guard let text = context.parameters.get("id"), let uuid = UUID(uuidString: text) else { throw page.kind.missing }
        return uuid
    }
}
