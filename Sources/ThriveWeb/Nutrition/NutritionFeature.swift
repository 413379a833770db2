import Hummingbird

/// Meals: the day by meal, food search, quick add, favourites.
struct NutritionFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        MealEntriesAPIController(services: services).addRoutes(to: api.healthData("entries/meals"))
        MealPagesController(services: services).addRoutes(to: pages)
    }
}
