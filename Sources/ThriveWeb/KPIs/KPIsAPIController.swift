import Foundation
import Hummingbird
import ThriveCore

/// `GET /api/v1/kpis?date=`: the day's KPI cards with their colour bands.
struct KPIsAPIController {
    let services: AppServices

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("kpis") { request, context -> Response in
            let (date, cards) = try await services.engines.kpis(try context.requireUser(), on: try request.askedDate())
            return try jsonResponse(KPIResponse(date: date, cards: cards))
        }
    }
}
