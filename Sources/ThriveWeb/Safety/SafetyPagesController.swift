import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Acknowledging a safety alert from the dashboard.
struct SafetyPagesController {
    let services: AppServices

    func addRoutes(to router: Router<AppRequestContext>) {
        router.post("alerts/:id/acknowledge") { _, context -> Response in
            guard let userID = context.identity?.userID else { return context.toLogin }
            guard let id = context.parameters.get("id").flatMap(SafetyAlertID.init) else { throw AppError.notFound() }
            _ = try await services.engines.acknowledge(userID, alert: id)
            return .redirect(to: "/#alerts", type: .normal)
        }
    }
}
