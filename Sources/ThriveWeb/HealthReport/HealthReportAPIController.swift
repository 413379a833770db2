import Foundation
import Hummingbird
import ThriveCore

/// `POST /api/v1/reports`: the same report for an app, answered with the PDF (or the ZIP with the
/// CSV) itself.
struct HealthReportAPIController {
    let services: AppServices
    static let bodyLimit = 4 * 1024

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post { request, context -> Response in
            let owner = try context.requireUser()
            let body = try await StrictJSON.decode(
                HealthReportRequest.Body.self, from: request, context: context, limit: Self.bodyLimit)
            let wanted: HealthReportRequest
            do {
                wanted = try HealthReportRequest.checked(body, today: try await services.healthReports.calendar(owner).today)
            } catch let problems as ValidationErrors {
                throw AppError(problems.all[0])
            }
            return HealthReportDownload.response(try await services.healthReports.make(owner, wanted))
        }
    }
}
