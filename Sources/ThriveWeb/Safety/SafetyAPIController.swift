import Foundation
import Hummingbird
import ThriveCore

/// `/api/v1/alerts`: the safety alerts still open, and acknowledging one.
struct SafetyAPIController {
    let services: AppServices

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("alerts") { _, context -> Response in
            let alerts = try await services.engines.alerts(try context.requireUser())
            return try jsonResponse(
                AlertsResponse(alerts: alerts.map(AlertBody.init), emergencyAdvice: t(SafetyCondition.emergencyAdvice)))
        }
        api.post("alerts/:id/acknowledge") { _, context -> Response in
            let owner = try context.requireUser()
            guard let id = context.parameters.get("id").flatMap(SafetyAlertID.init) else {
                throw AppError.notFound(t("api.noAlert"))
            }
            return try jsonResponse(AlertBody(try await services.engines.acknowledge(owner, alert: id)))
        }
    }
}
