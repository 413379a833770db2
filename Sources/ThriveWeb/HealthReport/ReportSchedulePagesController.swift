import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Turns the monthly report on (with its own password, the checklist ticked) or off, and hands
/// out the reports it made.
struct ReportSchedulePagesController {
    let services: AppServices
    static let path = "/profile/data/report/monthly"

    func addRoutes(to router: Router<AppRequestContext>) {
        let route = RouterPath(String(Self.path.dropFirst()))
        router.post(route) { request, context -> Response in
            var request = request
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            if form["action"] == "off" {
                try await services.reportSchedules.turnOff(owner)
                return .redirect(to: "\(HealthReportPagesController.path)#monthly-title", type: .normal)
            }
            let (today, zone) = try await services.healthReports.calendar(owner)
            // The main form keeps its defaults; this form's problems are named for its own fields.
            var page = HealthReportPage(
                today: today, zone: zone, schedule: try await services.reportSchedules.panel(owner, zone: zone))
            page.monthlyCSV = form["includeCSV"] == "yes"
            if form["understood"] != "yes" { page.errors.add("monthlyUnderstood", t("report.invalid.checklist")) }
            do {
                let body = HealthReportRequest.Body(
                    span: HealthReportRequest.Span.lastMonth.rawValue, password: form["password"] ?? "",
                    confirmation: form["confirmation"] ?? "", includeCSV: page.monthlyCSV)
                let wanted = try HealthReportRequest.checked(body, today: today)
                if !page.errors.hasAny {
                    try await services.reportSchedules.turnOn(owner, wanted)
                    return .redirect(to: "\(HealthReportPagesController.path)#monthly-title", type: .normal)
                }
            } catch let problems as ValidationErrors {
                for problem in problems.all { page.errors.add(Self.field(problem.field), problem.message) }
            }
            return try await HealthReportPagesController(services: services).page(page, context, status: .unprocessableContent)
        }
        router.get(RouterPath(String(Self.path.dropFirst()) + "/:first")) { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            guard let first = context.parameters.get("first").flatMap(LocalDate.init(iso8601:)),
                let (url, made) = try await services.reportSchedules.file(owner, first: first)
            else { throw AppError.notFound() }
            let body = try await FileIO().loadFile(path: url.path, context: context)
            return Response(
                status: .ok,
                headers: [
                    .contentType: made.contentType, .contentDisposition: "attachment; filename=\"\(made.fileName)\"",
                    .cacheControl: "no-store", .contentLength: String(made.bytes),
                ], body: body)
        }
    }

    /// "password" → "monthlyPassword": the monthly form's fields beside the main form's.
    static func field(_ name: String) -> String {
        "monthly" + name.prefix(1).uppercased() + name.dropFirst()
    }
}
