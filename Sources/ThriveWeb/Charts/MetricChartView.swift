import Foundation
import ThriveCore
import ThriveReports

/// A chart as a page shows it (the `chart` partial): its ranges, the SVG, the sentence that says
/// what it shows, unusual days explained, and every value in a table for those who want the numbers.
struct MetricChartView: Sendable {
    struct RangeLink: Sendable {
        let label: String
        let href: String
        let current: Bool
        /// "earlier", "zoomIn", "zoomOut", "later": what a key press in charts.js follows.
        var move = ""
    }

    struct Row: Sendable {
        let day: String
        let value: String
    }

    let id: String
    let title: String
    /// The chart for wide screens, and a narrower drawing for phones, where the wide one's text
    /// would shrink below a readable size. CSS shows one of them.
    let svg: String?
    let compactSVG: String?
    let summary: String
    let isEmpty: Bool
    let ranges: [RangeLink]
    let hasRanges: Bool
    /// Deep mode: zoom and pan on the time axis (links, so they work without JavaScript too).
    let navigation: [RangeLink]
    /// Deep mode: the chart as a PNG file (spec F4.3, export).
    let exportHref: String?
    let rows: [Row]
    let anomalies: [String]
    let hasAnomalies: Bool

    init(
        metric: ChartMetric, trend: DailyTrend, range: ChartRange, person: PersonContext, mode: FlexibilityMode,
        path: String
    ) {
        let units = person.profile.unitSystem
        let zone = person.zone
        let chartID = "chart-\(metric.id)"
        id = chartID
        title = metric.title
        summary = ChartSummary.sentence(metric, trend, range: range, units: units, zone: zone)
        isEmpty = !trend.hasEnoughPoints
        let anomalies =
            trend.average.map { average in
                trend.anomalies.map { ChartSummary.anomaly($0, metric, average: average, units: units, zone: zone) }
            } ?? []
        self.anomalies = anomalies
        hasAnomalies = !anomalies.isEmpty
        if isEmpty {
            svg = nil
            compactSVG = nil
        } else {
            let markers = zip(trend.anomalies, anomalies).map { extreme, text in
                LineChart.Marker(index: extreme.date.days(since: range.first), value: extreme.value, text: text)
            }
            let chart = Self.chart(
                metric, trend: trend, range: range, id: chartID, summary: summary, markers: markers, person: person)
            svg = chart.svg(standalone: false)
            compactSVG = chart.compact().svg(standalone: false)
        }
        rows = trend.days.reversed().map { day in
            Row(day: ChartSummary.day(day.date, zone), value: Self.cell(day, metric, units))
        }
        hasRanges = mode == .deep
        exportHref = mode == .deep && !isEmpty ? "/api/v1/charts/\(metric.id)?\(range.query)&format=png" : nil
        navigation =
            mode == .deep ? Self.navigation(range, today: person.today, path: path, id: chartID) : []
        ranges =
            mode == .deep
            ? ChartRange.presets.map { days in
                RangeLink(
                    label: t("chart.days", ["days": String(days)]), href: "\(path)?range=\(days)#\(chartID)-section",
                    current: range.preset == days)
            } : []
    }

    /// The metric's chart: bars for amounts (a bar a week past three months), a line for measures.
    static func chart(
        _ metric: ChartMetric, trend: DailyTrend, range: ChartRange, id: String, summary: String,
        markers: [LineChart.Marker], person: PersonContext
    ) -> any DayChart {
        let units = person.profile.unitSystem
        let title = t("chart.title", ["title": metric.title, "range": rangeName(range, person.zone)])
        let format: @Sendable (Double) -> String = { metric.format($0, units) }
        guard metric.shape == .bar else {
            var line = LineChart(
                id: id, title: title, summary: summary, dayLabels: range.dates.map { ChartSummary.day($0, person.zone) },
                axisLabels: axisLabels(range, zone: person.zone),
                series: [LineChart.Series(name: metric.title, role: metric.pillar.rawValue, values: trend.days.map(\.value))],
                markers: markers, includeZero: metric.includeZero, formatValue: format)
            line.spread = trend.days.map(\.spread)
            line.words = .localized
            return line
        }
        let goal = metric.goal(person)
        guard range.dayCount > WeeklyBars.dailyLimit else {
            var bars = BarChart(
                id: id, title: title, summary: summary, role: metric.pillar.rawValue, values: trend.days.map(\.value),
                barLabels: range.dates.map { ChartSummary.day($0, person.zone) },
                axisLabels: axisLabels(range, zone: person.zone), goal: goal, markers: markers, formatValue: format)
            bars.words = .localized
            return bars
        }
        let weeks = WeeklyBars(trend.days).weeks
        let zone = person.zone
        var bars = BarChart(
            id: id, title: t("chart.weeklyTitle", ["title": title]), summary: summary, role: metric.pillar.rawValue,
            values: weeks.map(\.average),
            barLabels: weeks.map {
                t("chart.weekBar", ["first": ChartSummary.day($0.first, zone), "last": ChartSummary.day($0.last, zone)])
            },
            axisLabels: weeks.enumerated().compactMap { index, week in
                week.first.day <= 7 && (index == 0 || weeks[index - 1].first.month != week.first.month)
                    ? (index, monthName(week.first, zone)) : nil
            }, goal: goal, formatValue: format)
        bars.words = .localized
        return bars
    }

    /// A day's value in the table, with its lowest to highest reading where the metric has one.
    static func cell(_ day: DailyTrend.Day, _ metric: ChartMetric, _ units: UnitSystem) -> String {
        guard let value = day.value else { return "–" }
        guard let spread = day.spread else { return metric.format(value, units) }
        return t(
            "chart.valueWithSpread",
            [
                "value": metric.format(value, units), "low": metric.format(spread.lowerBound, units),
                "high": metric.format(spread.upperBound, units),
            ])
    }

    static func navigation(_ range: ChartRange, today: LocalDate, path: String, id: String) -> [RangeLink] {
        let moves: [(String, ChartRange?)] = [
            ("earlier", range.earlier(today: today)), ("zoomIn", range.zoomedIn(today: today)),
            ("zoomOut", range.zoomedOut(today: today)), ("later", range.later(today: today)),
        ]
        return moves.compactMap { move, target in
            target.map {
                RangeLink(label: t("chart.\(move)"), href: "\(path)?\($0.query)#\(id)-section", current: false, move: move)
            }
        }
    }

    static var axisStyle: Date.FormatStyle {
        Date.FormatStyle(locale: Localizer.current.locale, calendar: Calendar(identifier: .gregorian))
    }

    /// A day as an axis shows it, read at its noon so no time zone shifts it to the day before.
    static func axisText(_ date: LocalDate, _ style: Date.FormatStyle, _ zone: TimeZone) -> String {
        var style = style
        style.timeZone = zone
        return date.start(in: zone).addingTimeInterval(43_200).formatted(style)
    }

    static func monthName(_ date: LocalDate, _ zone: TimeZone) -> String {
        axisText(date, axisStyle.month(.abbreviated), zone)
    }

    /// "Last 30 days: 24 Oct to 22 Nov 2026", for an exported chart.
    static func rangeText(_ range: ChartRange, _ zone: TimeZone) -> String {
        let firstYear = range.first.year == range.last.year ? "" : " \(range.first.year)"
        let span = t(
            "chart.span",
            [
                "first": "\(ChartSummary.day(range.first, zone))\(firstYear)",
                "last": "\(ChartSummary.day(range.last, zone)) \(range.last.year)",
            ])
        return range.preset.map { t("chart.lastDaysSpan", ["days": String($0), "span": span]) } ?? span
    }

    static func rangeName(_ range: ChartRange, _ zone: TimeZone) -> String {
        range.preset.map { t("chart.lastDays", ["days": String($0)]) }
            ?? t("chart.span", ["first": ChartSummary.day(range.first, zone), "last": ChartSummary.day(range.last, zone)])
    }

    /// Labels under the axis: every day for a week, weekly for a month, fortnightly for a quarter,
    /// monthly for a year.
    static func axisLabels(_ range: ChartRange, zone: TimeZone) -> [(index: Int, text: String)] {
        let dates = range.dates
        func text(_ date: LocalDate, _ style: Date.FormatStyle) -> String { axisText(date, style, zone) }
        let base = axisStyle
        switch dates.count {
        case ...7:
            return dates.enumerated().map { ($0.offset, text($0.element, base.weekday(.abbreviated))) }
        case ...92:
            let step = dates.count <= 31 ? 7 : 14
            return stride(from: dates.count - 1, through: 0, by: -step).reversed().map {
                ($0, text(dates[$0], base.day(.defaultDigits).month(.abbreviated)))
            }
        default:
            return dates.enumerated().filter { $0.element.day == 1 }.map {
                ($0.offset, text($0.element, base.month(.abbreviated)))
            }
        }
    }
}
