import Foundation
import Hummingbird
import ThriveCore
import ThriveReports

/// `GET /api/v1/charts/{metric}?range=7|30|90|365` (or `from`/`to`) `&format=json|svg|png`: a
/// metric's days with their summary, the chart itself as a standalone SVG, or a PNG to keep with
/// its title, range, legend and the time of export.
struct ChartsAPIController {
    let services: AppServices

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("charts/:metric") { request, context -> Response in
            let owner = try context.requireUser()
            let name = context.parameters.get("metric") ?? ""
            guard let metric = ChartMetric.named(name) else {
                throw AppError.notFound(
                    t("api.chartUnknown", ["name": name, "list": ChartMetric.all.map(\.id).joined(separator: ", ")]))
            }
            let query = request.uri.queryParameters
            let format = query.get("format").map { String($0) } ?? "json"
            guard ["json", "svg", "png"].contains(format) else {
                throw AppError(
                    status: .unprocessableContent, code: "invalid_input",
                    message: "Choose format=json, format=svg or format=png.", field: "format")
            }
            let person = try await services.engines.context(owner)
            let range = try ChartRange.parse(
                range: query.get("range").map { String($0) }, from: query.get("from").map { String($0) },
                to: query.get("to").map { String($0) }, today: person.today, mode: .deep)
            let trend = try await services.charts.trend(metric, owner: owner, range: range, person: person)
            let units = person.profile.unitSystem
            guard format != "json" else {
                return try jsonResponse(ChartBody(metric: metric, trend: trend, range: range, units: units, zone: person.zone))
            }
            let summary = ChartSummary.sentence(metric, trend, range: range, units: units, zone: person.zone)
            let chart =
                trend.hasEnoughPoints
                ? MetricChartView.chart(
                    metric, trend: trend, range: range, id: "chart-\(metric.id)", summary: summary, markers: [],
                    person: person)
                : nil
            var headers = HTTPFields()
            if format == "png" {
                guard let chart else {
                    throw AppError(
                        status: .unprocessableContent, code: "not_enough_data",
                        message: t("api.chartNothingToExport", ["summary": summary]))
                }
                let time = services.now()
                let export = ChartExport(
                    title: metric.title, rangeText: MetricChartView.rangeText(range, person.zone),
                    legend: [.init(name: metric.title, role: metric.pillar.rawValue)],
                    exportedText:
                        t(
                            "chart.exportedAt",
                            [
                                "date": DisplayFormat.date(time, in: person.zone),
                                "time": DisplayFormat.time(time, in: person.zone),
                            ]),
                    chart: chart)
                let png: [UInt8]
                do { png = try export.png() } catch {
                    throw AppError(status: .internalServerError, code: "export_failed", message: t("api.chartPNGFailed"))
                }
                headers[.contentType] = "image/png"
                headers[.contentDisposition] = "attachment; filename=\"\(metric.id)-\(range.last).png\""
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: png)))
            }
            let svg = chart?.svg(standalone: true) ?? MessageChart(title: metric.title, message: summary).svg()
            headers[.contentType] = "image/svg+xml; charset=utf-8"
            headers[.contentDisposition] = "inline; filename=\"\(metric.id)-\(range.last).svg\""
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: svg)))
        }
    }
}
