import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// The food catalog (USDA Standard Reference) for people logging meals: search as you type and one
/// food by its number, with nutrients per 100 g and household portions. `/api/v1/foods`.
struct FoodsAPIController {
    let services: AppServices

    struct SearchResponse: Encodable {
        let query: String
        let foods: [FlaggedFood]
    }

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("foods") { request, context -> Response in
            let owner = try context.requireUser()
            let query = try FoodSearchQuery(request.uri.queryParameters.get("q") ?? "")
            let limit = try QueryLimit.parse(request.uri.queryParameters.get("limit"), fallback: 20, maximum: 50)
            let foods = try await services.store.read { try await $0.foods.search(query, limit: limit) }
            let warnings = try await FoodWarnings.load(owner, store: services.store)
            return try jsonResponse(
                SearchResponse(
                    query: query.words.joined(separator: " "), foods: foods.map { FlaggedFood($0, warnings: warnings) }))
        }
        api.get("foods/:ndbNumber") { _, context -> Response in
            let owner = try context.requireUser()
            let number = context.parameters.get("ndbNumber") ?? ""
            guard number.count == 5, number.allSatisfy(\.isASCIIDigit),
                let food = try await services.store.read({ try await $0.foods.food(ndbNumber: number) })
            else { throw AppError.notFound(t("mealError.noSuchFood")) }
            return try jsonResponse(FlaggedFood(food, warnings: try await FoodWarnings.load(owner, store: services.store)))
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
