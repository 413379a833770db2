import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Pillars › Nutrition › Meals in the browser: a day's meals by slot, searching the food catalog,
/// logging a portion, quick add, logging a recent food again, favourites, editing, and delete with
/// undo. Plain HTML forms: every step works without JavaScript.
struct MealPagesController {
    let services: AppServices

    static let base = "/pillars/nutrition/meals"

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("pillars/nutrition/meals") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            let date = Self.day(request, today: person.today)
            let entries = try await services.meals.entries.day(owner, date, in: person.zone)
            let notice = request.uri.queryParameters.get("notice").flatMap { EntryNotice(rawValue: String($0)) }
            var page = MealDayPage(
                date: date, today: person.today, entries: entries, plan: person.nutritionPlan(), zone: person.zone,
                notice: notice, marked: person.foodLogDays.isMarked(date))
            for metric in [ChartMetric.energyEaten, .protein] {
                page.charts.append(
                    try await services.charts.view(
                        metric, owner: owner, person: person, request: ChartRequest(request, context), path: Self.base))
            }
            return services.renderer.pillarPage("meals", t("meals.title"), context, page)
        }

        router.get("pillars/nutrition/meals/add") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            var page = MealAddPage(target: try await target(request, owner: owner))
            page.query = request.searchText()
            if !page.query.trimmingCharacters(in: .whitespaces).isEmpty {
                page.searched = true
                do {
                    let query = try FoodSearchQuery(page.query)
                    let warnings = try await FoodWarnings.load(owner, store: services.store)
                    page.results = try await services.store.read { try await $0.foods.search(query, limit: 25) }
                        .map { FoodListItem($0, warning: warnings.warning(for: $0)) }
                } catch let error as ValidationError {
                    page.errors.add(error)
                }
            }
            return try await renderAdd(page, owner: owner, context: context)
        }

        router.get("pillars/nutrition/foods/:ndbNumber") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let food = try await food(context.parameters.get("ndbNumber"))
            let target = try await target(request, owner: owner)
            return services.renderer.pillarPage(
                "food", food.description, context, try await foodPage(food, target: target, owner: owner))
        }

        router.post("pillars/nutrition/foods/:ndbNumber/favourite") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let food = try await food(context.parameters.get("ndbNumber"))
            let form = try await Self.form(request)
            let time = services.now()
            try await services.store.write { repositories in
                let documents = repositories.records(of: owner).documents
                var favourites = try await documents.get(FavouriteFoods.self) ?? FavouriteFoods()
                favourites.toggle(food.ndbNumber)
                try await documents.save(favourites, at: time)
            }
            let target = try await target(form, owner: owner)
            return .redirect(to: "/pillars/nutrition/foods/\(food.ndbNumber)?\(target.query)", type: .normal)
        }

        router.post("pillars/nutrition/meals") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = try await Self.form(request)
            let target = try await target(form, owner: owner)
            do {
                try await log(form, target: target, owner: owner)
                return Self.toDay(target.date, notice: .added, slot: target.slot)
            } catch let error as ValidationError {
                return try await refuse(error, form: form, target: target, owner: owner, context: context)
            }
        }

        router.post("pillars/nutrition/meals/complete") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = try await Self.form(request)
            let person = try await services.engines.context(owner)
            let date = try LocalDate.asked(form["date"])
            try await services.meals.setComplete(owner, date, complete: form["complete"] == "true", today: person.today)
            return Self.toDay(date, notice: nil, slot: nil)
        }

        router.post("pillars/nutrition/meals/undo") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let person = try await services.engines.context(owner)
            guard let restored = try await services.meals.entries.undoDelete(owner) else {
                return Self.toDay(person.today, notice: nil, slot: nil)
            }
            return Self.toDay(LocalDate(restored.consumedAt, in: person.zone), notice: .restored, slot: restored.meal)
        }

        router.get("pillars/nutrition/meals/:id/edit") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let id = try MealEntriesAPIController.id(context)
            guard let entry = try await services.store.read({ try await $0.records(of: owner).foodLog.entry(id: id) }) else {
                throw MealEntriesAPIController.missing
            }
            let person = try await services.engines.context(owner)
            return services.renderer.pillarPage(
                "meal-edit", t("mealEdit.title"), context, MealEditPage(entry: entry, zone: person.zone).finished())
        }

        router.post("pillars/nutrition/meals/:id") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let id = try MealEntriesAPIController.id(context)
            let form = try await Self.form(request)
            let person = try await services.engines.context(owner)
            guard let entry = try await services.store.read({ try await $0.records(of: owner).foodLog.entry(id: id) }) else {
                throw MealEntriesAPIController.missing
            }
            var page = MealEditPage(entry: entry, zone: person.zone)
            page.take(form)
            do {
                let request = try page.request(original: entry, zone: person.zone, now: services.now())
                guard let updated = try await services.meals.replace(owner, id: id, with: request) else {
                    throw MealEntriesAPIController.missing
                }
                return Self.toDay(LocalDate(updated.consumedAt, in: person.zone), notice: .updated, slot: updated.meal)
            } catch let error as ValidationError {
                page.errors.add(error)
                return services.renderer.pillarPage(
                    "meal-edit", t("mealEdit.title"), context, page.finished(), status: .unprocessableContent)
            } catch let error as AppError where error.status == .badRequest {
                page.errors.add(error.field ?? "time", error.message)
                return services.renderer.pillarPage(
                    "meal-edit", t("mealEdit.title"), context, page.finished(), status: .unprocessableContent)
            }
        }

        router.post("pillars/nutrition/meals/:id/delete") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let id = try MealEntriesAPIController.id(context)
            guard let deleted = try await services.meals.entries.delete(owner, id: id.rawValue) else {
                throw MealEntriesAPIController.missing
            }
            let person = try await services.engines.context(owner)
            return Self.toDay(LocalDate(deleted.consumedAt, in: person.zone), notice: .deleted, slot: nil)
        }
    }

    // MARK: Logging from a form

    /// Logs what the form describes: a recent meal again, a catalog food, or a quick add.
    private func log(_ form: FormFields, target: MealTarget, owner: UserID) async throws {
        let person = try await services.engines.context(owner)
        let time = Self.time(for: target, person: person, now: services.now())
        var request = MealEntryRequest(meal: target.slot, consumedAt: time)
        if let again = form.text("again") {
            guard let id = FoodLogEntryID(again),
                let entry = try await services.store.read({ try await $0.records(of: owner).foodLog.entry(id: id) })
            else { throw ValidationError(field: "again", message: t("mealError.gone")) }
            request.name = entry.name
            request.grams = entry.grams
            request.energyKilocalories = entry.energyKilocalories
            request.proteinGrams = entry.proteinGrams
            request.carbohydrateGrams = entry.carbohydrateGrams
            request.fatGrams = entry.fatGrams
        } else if let food = form.text("food") {
            request.food = food
            if form.text("amount") == "grams" {
                request.grams = try form.number("grams", label: t("meal.grams"))
                if request.grams == nil { throw ValidationError(field: "grams", message: t("mealError.grams")) }
            } else {
                request.portion = form.text("portion").flatMap { Int($0) }
                request.servings = try form.number("servings", label: t("meal.servings")) ?? 1
                if request.portion == nil { throw ValidationError(field: "portion", message: t("mealError.portion")) }
            }
        } else {
            request.name = form.text("name")
            request.energyKilocalories = try form.number("energy", label: t("plan.energy"))
            request.proteinGrams = try form.number("protein", label: t("metric.protein"))
            request.carbohydrateGrams = try form.number("carbohydrate", label: t("plan.carbohydrate"))
            request.fatGrams = try form.number("fat", label: t("plan.fat"))
            if request.name == nil { throw ValidationError(field: "name", message: t("mealError.name")) }
            if request.energyKilocalories == nil {
                throw ValidationError(field: "energy", message: t("mealError.energy"))
            }
        }
        _ = try await services.meals.log(owner, request)
    }

    /// Shows the page the form came from again, with the problem beside the field.
    private func refuse(
        _ error: ValidationError, form: FormFields, target: MealTarget, owner: UserID, context: AppRequestContext
    ) async throws -> Response {
        if let number = form.text("food") {
            let food = try await food(number)
            var page = try await foodPage(food, target: target, owner: owner, portion: form.text("portion").flatMap { Int($0) })
            page.servings = form.text("servings") ?? "1"
            page.grams = form.text("grams") ?? ""
            page.useGrams = form.text("amount") == "grams" || !page.hasPortions
            page.errors.add(error)
            return services.renderer.pillarPage("food", food.description, context, page, status: .unprocessableContent)
        }
        var page = MealAddPage(target: target)
        page.quickAdd = .init(
            name: form.text("name") ?? "", energy: form.text("energy") ?? "", protein: form.text("protein") ?? "",
            carbohydrate: form.text("carbohydrate") ?? "", fat: form.text("fat") ?? "")
        page.errors.add(error)
        return try await renderAdd(page, owner: owner, context: context, status: .unprocessableContent)
    }

    // MARK: Pieces

    private func renderAdd(
        _ page: MealAddPage, owner: UserID, context: AppRequestContext, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        var page = page
        if !page.searched {
            let favourites = try await services.store.read { repositories -> [Food] in
                let numbers = try await repositories.records(of: owner).documents.get(FavouriteFoods.self)?.ndbNumbers ?? []
                var foods: [Food] = []
                for number in numbers.prefix(12) {
                    if let food = try await repositories.foods.food(ndbNumber: number) { foods.append(food) }
                }
                return foods
            }
            let warnings = try await FoodWarnings.load(owner, store: services.store)
            page.favourites = favourites.map { FoodListItem($0, warning: warnings.warning(for: $0)) }
            page.recent = try await services.meals.recent(owner).map(MealAddPage.recent)
        }
        let profile = try await services.store.read { try await $0.records(of: owner).profile.get() } ?? Profile()
        page.offline = OfflineForm(.meal, label: t("meals.title"), profile: profile)
        return services.renderer.pillarPage("meal-add", page.target.title, context, page.finished(), status: status)
    }

    private func foodPage(_ food: Food, target: MealTarget, owner: UserID, portion: Int? = nil) async throws -> FoodPage {
        let favourites = try await services.store.read { try await $0.records(of: owner).documents.get(FavouriteFoods.self) }
        var page = FoodPage(
            food: food, target: target, isFavourite: favourites?.ndbNumbers.contains(food.ndbNumber) ?? false,
            selectedPortion: portion)
        page.warning = try await FoodWarnings.load(owner, store: services.store).warning(for: food)
        return page
    }

    private func food(_ number: String?) async throws -> Food {
        guard let number, number.count == 5, number.allSatisfy({ $0.isASCII && $0.isNumber }),
            let food = try await services.store.read({ try await $0.foods.food(ndbNumber: number) })
        else { throw AppError.notFound(t("mealError.noSuchFood")) }
        return food
    }

    private func target(_ request: Request, owner: UserID) async throws -> MealTarget {
        try await target(slot: request.uri.queryParameters.get("slot").map { String($0) }, request: request, owner: owner)
    }

    private func target(_ form: FormFields, owner: UserID) async throws -> MealTarget {
        let person = try await services.engines.context(owner)
        let date = form.text("date").flatMap { LocalDate(iso8601: $0) }.map { min($0, person.today) } ?? person.today
        let slot = form.text("slot").flatMap(MealSlot.init) ?? Self.likelySlot(person: person, now: services.now())
        return MealTarget(slot: slot, date: date)
    }

    private func target(slot: String?, request: Request, owner: UserID) async throws -> MealTarget {
        let person = try await services.engines.context(owner)
        return MealTarget(
            slot: slot.flatMap(MealSlot.init) ?? Self.likelySlot(person: person, now: services.now()),
            date: Self.day(request, today: person.today))
    }

    static func form(_ request: Request) async throws -> FormFields {
        var request = request
        return FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
    }

    /// The day in the query, never after today; today when absent or unreadable.
    static func day(_ request: Request, today: LocalDate) -> LocalDate {
        request.uri.queryParameters.get("date").flatMap { LocalDate(iso8601: String($0)) }.map { min($0, today) } ?? today
    }

    static func likelySlot(person: PersonContext, now: Date) -> MealSlot {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = person.zone
        let parts = calendar.dateComponents([.hour, .minute], from: now)
        return MealSlot.likely(atMinuteOfDay: (parts.hour ?? 12) * 60 + (parts.minute ?? 0))
    }

    /// Now for today; for an earlier day, the slot's usual time that day.
    static func time(for target: MealTarget, person: PersonContext, now: Date) -> Date {
        guard target.date < person.today else { return now }
        let usual = target.slot.usualTime
        return target.date.start(in: person.zone).addingTimeInterval(TimeInterval(usual.hour * 3600 + usual.minute * 60))
    }

    static func toDay(_ date: LocalDate, notice: EntryNotice?, slot: MealSlot?) -> Response {
        var location = "\(base)?date=\(date.description)"
        if let notice { location += "&notice=\(notice.rawValue)" }
        if let slot { location += "#slot-\(slot.rawValue)" }
        return .redirect(to: location, type: .normal)
    }
}
