import Foundation
import Hummingbird
import ThriveCore

/// `GET /api/v1/scores?date=`: the three pillar scores with their components and weights.
struct ScoresAPIController {
    let services: AppServices

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("scores") { request, context -> Response in
            let (date, scores) = try await services.engines.scores(try context.requireUser(), on: try request.askedDate())
            return try jsonResponse(ScoresResponse(date: date, scores: scores))
        }
    }
}
