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
            let date = try request.askedDate() ?? person.today
            let entries = try await services.meals.entries.day(owner, date, in: person.zone)
            return try jsonResponse(MealDayBody(date: date, entries: entries, marked: person.foodLogDays.isMarked(date)))
        }
        // "I've logged everything today": a day marked complete is judged as a whole day's eating.
        meals.put("days/:date") { request, context -> Response in
            let owner = try context.requireUser()
            let person = try await services.engines.context(owner)
            let date = try LocalDate.asked(context.parameters.get("date"))
            let body = try await StrictJSON.decode(DayCompletion.self, from: request, context: context, limit: 1024)
            try await services.meals.setComplete(owner, date, complete: body.complete, today: person.today)
            let entries = try await services.meals.entries.day(owner, date, in: person.zone)
            return try jsonResponse(MealDayBody(date: date, entries: entries, marked: body.complete))
        }
        meals.post { request, context -> Response in
            let owner = try context.requireUser()
            let body = try await StrictJSON.decode(MealEntryRequest.self, from: request, context: context, limit: 16 * 1024)
            return try jsonResponse(MealEntryBody(try await services.meals.log(owner, body)), status: .created)
        }
        meals.put(":id") { request, context -> Response in
            let owner = try context.requireUser()
            let id = try Self.id(context)
            let body = try await StrictJSON.decode(MealEntryRequest.self, from: request, context: context, limit: 16 * 1024)
            guard let entry = try await services.meals.replace(owner, id: id, with: body) else { throw Self.missing }
            return try jsonResponse(MealEntryBody(entry))
        }
        meals.delete(":id") { _, context -> Response in
            let owner = try context.requireUser()
            guard let deleted = try await services.meals.entries.delete(owner, id: try Self.id(context).rawValue) else {
                throw Self.missing
            }
            return try jsonResponse(MealEntryBody(deleted))
        }
        meals.post("undo-delete") { _, context -> Response in
            let owner = try context.requireUser()
            guard let restored = try await services.meals.entries.undoDelete(owner) else {
                throw AppError.notFound(t("api.noDeleted"))
            }
            return try jsonResponse(MealEntryBody(restored), status: .created)
        }
    }

    struct DayCompletion: Codable {
        let complete: Bool
    }

    static var missing: AppError { AppError.notFound(t("api.noMeal")) }

    static func id(_ context: AppRequestContext) throws -> FoodLogEntryID {
        guard let text = context.parameters.get("id"), let uuid = UUID(uuidString: text) else { throw missing }
        return FoodLogEntryID(uuid)
    }
}
