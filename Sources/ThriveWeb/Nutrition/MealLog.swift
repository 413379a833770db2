import Foundation
import ThriveCore
import ThriveStore

/// Logging meals, for the API and the pages alike: turn a request into a validated entry (a catalog
/// food by portion or grams, or a quick add) and the foods a person logs often. Listing, deleting
/// and undo are the common ``EntryLog``.
struct MealLog: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator

    var entries: EntryLog<FoodLogEntry> { EntryLog(kind: .meal, store: store, now: now, ids: ids) }

    func log(_ owner: UserID, _ request: MealEntryRequest) async throws -> FoodLogEntry {
        let entry = try await entry(from: request, id: ids.make())
        try await entries.add(owner, entry)
        return entry
    }

    /// `nil` when the person has no meal with that ID.
    func replace(_ owner: UserID, id: FoodLogEntryID, with request: MealEntryRequest) async throws -> FoodLogEntry? {
        try await entries.replace(owner, with: try await entry(from: request, id: id))
    }

    /// Marks or unmarks `date`'s log complete. Only a day that has begun, and not older than
    /// ``FoodLogDays/keptDays``, can be marked: the mark is read for the floor alert and the scores.
    func setComplete(_ owner: UserID, _ date: LocalDate, complete: Bool, today: LocalDate) async throws {
        guard date <= today else {
            throw AppError(
                status: .unprocessableContent, code: "future_day", message: t("meals.complete.future"), field: "date")
        }
        guard date >= today.adding(days: -FoodLogDays.keptDays) else {
            throw AppError(
                status: .unprocessableContent, code: "day_too_old",
                message: t("meals.complete.tooOld", ["days": String(FoodLogDays.keptDays)]), field: "date")
        }
        let time = now()
        try await store.write { repositories in
            let documents = repositories.records(of: owner).documents
            var days = try await documents.get(FoodLogDays.self) ?? FoodLogDays()
            days.set(date, complete: complete, today: today)
            try await documents.save(days, at: time)
            // A day marked complete is what the calorie floor alert reads.
            try await repositories.jobs.enqueue(SafetyEvaluationJob.job(for: owner, at: time, ids: ids))
        }
    }

    /// Whether the person marked `date` complete.
    func isMarkedComplete(_ owner: UserID, _ date: LocalDate) async throws -> Bool {
        try await store.read { try await $0.records(of: owner).documents.get(FoodLogDays.self) }?.isMarked(date) ?? false
    }

    /// Distinct foods (by name) from the last 30 days, most recent first: one tap logs one again.
    func recent(_ owner: UserID, limit: Int = 8) async throws -> [FoodLogEntry] {
        let time = now()
        let window = DateWindow(from: time.addingTimeInterval(-30 * 86_400), to: time.addingTimeInterval(60))
        let entries = try await store.read { try await $0.records(of: owner).foodLog.entries(in: window, limit: nil) }
        var seen = Set<String>()
        var recent: [FoodLogEntry] = []
        for entry in entries.reversed() where seen.insert(entry.name.lowercased()).inserted {
            recent.append(entry)
            if recent.count == limit { break }
        }
        return recent
    }

    /// A validated entry from a request, checked against the catalog when it names a food.
    func entry(from body: MealEntryRequest, id: FoodLogEntryID) async throws -> FoodLogEntry {
        let time = body.consumedAt ?? now()
        guard time <= now().addingTimeInterval(5 * 60) else {
            throw AppError.badRequest(t("api.mealFuture"), field: "consumedAt")
        }
        if let number = body.food {
            guard body.name == nil, body.energyKilocalories == nil, body.proteinGrams == nil, body.carbohydrateGrams == nil,
                body.fatGrams == nil
            else {
                throw AppError.badRequest(
                    t("mealError.foodOrQuickAdd"), field: "food")
            }
            guard let food = try await store.read({ try await $0.foods.food(ndbNumber: number) }) else {
                throw ValidationError(field: "food", message: t("mealError.noFood", ["number": number]))
            }
            return try FoodLogEntry.portion(
                of: food, grams: try Self.grams(of: food, body), meal: body.meal, at: time, id: id, source: .manualEntry)
        }
        guard let name = body.name, let energy = body.energyKilocalories else {
            throw ValidationError(
                field: "food", message: t("mealError.chooseFood"))
        }
        return try FoodLogEntry(
            id: id, consumedAt: time, meal: body.meal, name: name, grams: body.grams, energyKilocalories: energy,
            proteinGrams: body.proteinGrams ?? 0, carbohydrateGrams: body.carbohydrateGrams ?? 0, fatGrams: body.fatGrams ?? 0,
            source: .manualEntry
        ).validated()
    }

    /// Grams eaten: a household portion times servings, or grams as given.
    private static func grams(of food: Food, _ body: MealEntryRequest) throws -> Double {
        switch (body.portion, body.grams) {
        case (let sequence?, nil):
            guard let portion = food.portions.first(where: { $0.sequence == sequence }) else {
                throw ValidationError(
                    field: "portion",
                    message: t("mealError.noPortion", ["food": food.description, "number": String(sequence)]))
            }
            let servings = body.servings ?? 1
            guard servings.isFinite, (0.1...50).contains(servings) else {
                throw ValidationError(field: "servings", message: t("mealError.servings"))
            }
            return portion.grams * servings
        case (nil, let grams?):
            return grams
        default:
            throw ValidationError(
                field: "grams", message: t("mealError.howMuch"))
        }
    }
}
