import Foundation
import Hummingbird
import ThriveCore

/// `GET /api/v1/mobile/dashboard`: the dashboard in the chosen mode (the settings' mode by default).
struct DashboardAPIController {
    let services: AppServices

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("mobile/dashboard") { request, context -> Response in
            let owner = try context.requireUser()
            let mode = try request.uri.queryParameters.get("mode").map { text in
                guard let mode = FlexibilityMode(rawValue: String(text)) else {
                    throw AppError.badRequest("“mode” must be light or deep.", field: "mode")
                }
                return mode
            }
            return try jsonResponse(try await services.dashboard.dashboard(owner, mode: mode))
        }
    }
}
