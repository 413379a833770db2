import Foundation
import Hummingbird
import ThriveCore
import ThriveReports

/// `GET /api/v1/charts/{metric}?range=7|30|90|365` (or `from`/`to`) `&format=json|svg`: a metric's
/// days with their summary, or the chart itself as a standalone SVG.
struct ChartsAPIController {
    let services: AppServices

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("charts/:metric") { request, context -> Response in
            let owner = try context.requireUser()
            let name = context.parameters.get("metric") ?? ""
            guard let metric = ChartMetric.named(name) else {
                throw AppError.notFound(
                    "There is no chart named \"\(name)\". Charts: \(ChartMetric.all.map(\.id).joined(separator: ", ")).")
            }
            let query = request.uri.queryParameters
            let format = query.get("format").map { String($0) } ?? "json"
            guard ["json", "svg"].contains(format) else {
                throw AppError(
                    status: .unprocessableContent, code: "invalid_input",
                    message: "Choose format=json or format=svg (PNG export is not available yet).", field: "format")
            }
            let person = try await services.engines.context(owner)
            let range = try ChartRange.parse(
                range: query.get("range").map { String($0) }, from: query.get("from").map { String($0) },
                to: query.get("to").map { String($0) }, today: person.today, mode: .deep)
            let trend = try await services.charts.trend(metric, owner: owner, range: range, person: person)
            let units = person.profile.unitSystem
            guard format == "svg" else {
                return try jsonResponse(ChartBody(metric: metric, trend: trend, range: range, units: units, zone: person.zone))
            }
            let summary = ChartSummary.sentence(metric, trend, range: range, units: units, zone: person.zone)
            let svg =
                trend.hasEnoughPoints
                ? MetricChartView.chart(
                    metric, trend: trend, range: range, id: "chart-\(metric.id)", summary: summary, markers: [],
                    person: person
                ).svg(standalone: true)
                : MessageChart(title: metric.title, message: summary).svg()
            var headers = HTTPFields()
            headers[.contentType] = "image/svg+xml; charset=utf-8"
            headers[.contentDisposition] = "inline; filename=\"\(metric.id)-\(range.last).svg\""
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: svg)))
        }
    }
}
