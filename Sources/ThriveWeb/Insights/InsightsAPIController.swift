import Foundation
import Hummingbird
import ThriveCore

/// `GET /api/v1/insights`: the day's insights, most important first.
struct InsightsAPIController {
    let services: AppServices

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("insights") { _, context -> Response in
            try jsonResponse(
                InsightsResponse(insights: try await services.engines.insights(try context.requireUser()).map(InsightBody.init)))
        }
    }
}
