import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// The signed-in person's meals, `/api/v1/entries/meals`: log from the food catalog or by quick add,
/// list a day with its totals, edit, and delete (the answer carries the deleted meal, so a client can
/// undo by sending it back).
struct MealEntriesAPIController {
    let services: AppServices

    func addRoutes(to meals: RouterGroup<AppRequestContext>) {
        meals.get { request, context -> Response in
            let owner = try context.requireUser()
            let person = try await services.engines.context(owner)
            let date = try EnginesAPIController.date(request) ?? person.today
            let window = DateWindow(from: date.start(in: person.zone), to: date.adding(days: 1).start(in: person.zone))
            let entries = try await services.store.read {
                try await $0.records(of: owner).foodLog.entries(in: window, limit: nil)
            }
            return try jsonResponse(MealDayBody(date: date, entries: entries))
        }
        meals.post { request, context -> Response in
            let owner = try context.requireUser()
            let body = try await StrictJSON.decode(MealEntryRequest.self, from: request, context: context, limit: 16 * 1024)
            let entry = try await entry(from: body, id: services.ids.make())
            try await services.store.write { try await $0.records(of: owner).foodLog.store([entry]) }
            return try jsonResponse(MealEntryBody(entry), status: .created)
        }
        meals.put(":id") { request, context -> Response in
            let owner = try context.requireUser()
            let id = try Self.id(context)
            let body = try await StrictJSON.decode(MealEntryRequest.self, from: request, context: context, limit: 16 * 1024)
            let entry = try await entry(from: body, id: id)
            // Replaced as a whole in one transaction: the meal is never missing or doubled.
            let replaced = try await services.store.write { repositories -> Bool in
                let log = repositories.records(of: owner).foodLog
                guard try await log.delete(id: id) else { return false }
                try await log.store([entry])
                return true
            }
            guard replaced else { throw Self.missing }
            return try jsonResponse(MealEntryBody(entry))
        }
        meals.delete(":id") { _, context -> Response in
            let owner = try context.requireUser()
            let id = try Self.id(context)
            let deleted = try await services.store.write { repositories -> FoodLogEntry? in
                let log = repositories.records(of: owner).foodLog
                guard let entry = try await log.entry(id: id), try await log.delete(id: id) else { return nil }
                return entry
            }
            guard let deleted else { throw Self.missing }
            return try jsonResponse(MealEntryBody(deleted))
        }
    }

    static let missing = AppError.notFound("There is no meal with that ID.")

    static func id(_ context: AppRequestContext) throws -> FoodLogEntryID {
        guard let text = context.parameters.get("id"), let uuid = UUID(uuidString: text) else { throw missing }
        return FoodLogEntryID(uuid)
    }

    private func entry(from body: MealEntryRequest, id: FoodLogEntryID) async throws -> FoodLogEntry {
        let time = body.consumedAt ?? services.now()
        guard time <= services.now().addingTimeInterval(5 * 60) else {
            throw AppError.badRequest("A meal cannot be logged in the future.", field: "consumedAt")
        }
        if let number = body.food {
            guard body.name == nil, body.energyKilocalories == nil, body.proteinGrams == nil, body.carbohydrateGrams == nil,
                body.fatGrams == nil
            else {
                throw AppError.badRequest(
                    "Send either a food from the catalog or a quick add with name and energy, not both.", field: "food")
            }
            guard let food = try await services.store.read({ try await $0.foods.food(ndbNumber: number) }) else {
                throw ValidationError(field: "food", message: "There is no food \(number) in the catalog.")
            }
            return try FoodLogEntry.portion(
                of: food, grams: try grams(of: food, body), meal: body.meal, at: time, id: id, source: .manualEntry)
        }
        guard let name = body.name, let energy = body.energyKilocalories else {
            throw ValidationError(
                field: "food", message: "Choose a food from the catalog, or quick add with a name and its energy in kcal.")
        }
        return try FoodLogEntry(
            id: id, consumedAt: time, meal: body.meal, name: name, grams: body.grams, energyKilocalories: energy,
            proteinGrams: body.proteinGrams ?? 0, carbohydrateGrams: body.carbohydrateGrams ?? 0, fatGrams: body.fatGrams ?? 0,
            source: .manualEntry
        ).validated()
    }

    /// Grams eaten: a household portion times servings, or grams as given.
    private func grams(of food: Food, _ body: MealEntryRequest) throws -> Double {
        switch (body.portion, body.grams) {
        case (let sequence?, nil):
            guard let portion = food.portions.first(where: { $0.sequence == sequence }) else {
                throw ValidationError(
                    field: "portion",
                    message: "“\(food.description)” has no portion \(sequence); choose one of its portions or give grams.")
            }
            let servings = body.servings ?? 1
            guard servings.isFinite, (0.1...50).contains(servings) else {
                throw ValidationError(field: "servings", message: "Servings must be between 0.1 and 50.")
            }
            return portion.grams * servings
        case (nil, let grams?):
            return grams
        default:
            throw ValidationError(
                field: "grams", message: "Say how much: a portion of the food (with servings) or grams, one of the two.")
        }
    }
}
