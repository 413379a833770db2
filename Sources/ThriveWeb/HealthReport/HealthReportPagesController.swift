import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// The report's checklist page and its download. A report is made while the person waits (a year
/// takes well under a second) and is never kept: it leaves as the response.
struct HealthReportPagesController {
    let services: AppServices
    static let path = "/profile/data/report"

    func addRoutes(to router: Router<AppRequestContext>) {
        let route = RouterPath(String(Self.path.dropFirst()))
        router.get(route) { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            return try await page(try await blank(owner), context)
        }
        router.post(route) { request, context -> Response in
            var request = request
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            let (today, zone) = try await services.healthReports.calendar(owner)
            var errors = FormErrors()
            if form["understood"] != "yes" { errors.add("understood", t("report.invalid.checklist")) }
            do {
                let wanted = try HealthReportRequest.checked(HealthReportPage.body(form), today: today)
                if !errors.hasAny {
                    return HealthReportDownload.response(try await services.healthReports.make(owner, wanted))
                }
            } catch let problems as ValidationErrors {
                for problem in problems.all { errors.add(problem) }
            }
            var page = HealthReportPage(
                today: today, zone: zone, form: form, schedule: try await services.reportSchedules.panel(owner, zone: zone))
            page.errors = errors
            return try await self.page(page, context, status: .unprocessableContent)
        }
    }

    private func blank(_ owner: UserID) async throws -> HealthReportPage {
        let (today, zone) = try await services.healthReports.calendar(owner)
        return HealthReportPage(
            today: today, zone: zone, schedule: try await services.reportSchedules.panel(owner, zone: zone))
    }

    func page(_ page: HealthReportPage, _ context: AppRequestContext, status: HTTPResponse.Status = .ok) async throws
        -> Response
    {
        services.renderer.render(
            "report", chrome: Chrome(title: t("report.pageTitle"), context: context, tab: .profile), content: page,
            status: status)
    }
}

/// A made report as a download, never cached on the way.
enum HealthReportDownload {
    static func response(_ file: HealthReportFile) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: file.contentType, .contentDisposition: "attachment; filename=\"\(file.name)\"",
                .cacheControl: "no-store", .contentLength: String(file.bytes.count),
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}
