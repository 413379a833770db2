import Foundation
import ThriveCore
import ThriveReports

/// The Insights tab's "what affects what" explorer: two metrics from any pillars, the same day or
/// the next, over 30, 90 or 365 days, as a scatter plot with its trend line, Pearson's r and a
/// sentence that says what it means (and that a link is not a cause).
struct CorrelationView: Sendable {
    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    /// What the person asked to compare, from the form's query.
    struct Question: Sendable {
        static let spans = [30, 90, 365]

        let x: ChartMetric
        let y: ChartMetric
        let lagDays: Int
        let days: Int
        let error: String?

        init(x: String?, y: String?, lag: String?, days: String?) {
            let first = x.flatMap(ChartMetric.named) ?? .sleep
            let second = y.flatMap(ChartMetric.named) ?? .mood
            self.x = first
            self.y = second
            lagDays = lag == "1" ? 1 : 0
            self.days = days.flatMap(Int.init).flatMap { Self.spans.contains($0) ? $0 : nil } ?? 90
            error = first.id == second.id ? t("correlation.sameMetric") : nil
        }
    }

    static let id = "chart-correlation"

    let xOptions: [Option]
    let yOptions: [Option]
    let lagOptions: [Option]
    let spanOptions: [Option]
    let error: String?
    let svg: String?
    let compactSVG: String?
    let summary: String
    let hasChart: Bool

    init(question: Question, pairs: DayPairs, person: PersonContext) {
        let units = person.profile.unitSystem
        xOptions = ChartMetric.all.map { Option(value: $0.id, label: $0.title, selected: $0.id == question.x.id) }
        yOptions = ChartMetric.all.map { Option(value: $0.id, label: $0.title, selected: $0.id == question.y.id) }
        lagOptions = [
            Option(value: "0", label: t("correlation.sameDay"), selected: question.lagDays == 0),
            Option(value: "1", label: t("correlation.nextDay"), selected: question.lagDays == 1),
        ]
        spanOptions = Question.spans.map {
            Option(value: String($0), label: t("chart.days", ["days": String($0)]), selected: $0 == question.days)
        }
        error = question.error
        summary = Self.sentence(question, pairs)
        guard question.error == nil, pairs.correlation != nil else {
            svg = nil
            compactSVG = nil
            hasChart = false
            return
        }
        let x = question.x
        let y = question.y
        let zone = person.zone
        let when = Self.when(question)
        var plot = ScatterPlot(
            id: Self.id,
            title: t("correlation.title", ["x": x.title, "y": y.title, "when": when, "days": String(question.days)]),
            summary: summary, role: y.pillar.rawValue, xTitle: x.title, yTitle: y.title + when,
            points: pairs.pairs.map { pair in
                ScatterPlot.Point(
                    x: pair.x, y: pair.y,
                    label: t(
                        "correlation.point",
                        ["day": ChartSummary.day(pair.date, zone), "x": x.format(pair.x, units), "y": y.format(pair.y, units)]))
            }, formatX: { x.format($0, units) }, formatY: { y.format($0, units) })
        svg = plot.svg()
        plot.id += "-compact"
        plot.width = 360
        plot.height = 300
        compactSVG = plot.svg()
        hasChart = true
    }

    static func sentence(_ question: Question, _ pairs: DayPairs) -> String {
        if let error = question.error { return error }
        let x = question.x
        let y = question.y
        let when = Self.when(question)
        let count = pairs.pairs.count
        let names: KeyValuePairs<String, String> = ["x": x.noun, "y": y.noun, "when": when]
        guard pairs.hasEnoughPairs else {
            return Localizer.current.plural(
                "correlation.needMoreDays", DayPairs.minimumPairs - count, ["x": x.noun, "y": y.noun, "when": when])
        }
        guard let r = pairs.correlation else { return t("correlation.flat", names) }
        let coefficient = "r = " + DisplayFormat.decimal(r, digits: 2, minimum: 2)
        let strength = DayPairs.Strength(r)
        let facts: KeyValuePairs<String, String> = [
            "x": x.noun, "y": y.noun, "when": when, "days": String(question.days), "r": coefficient,
            "count": String(count), "strength": t("correlation.strength.\(strength.rawValue)"),
        ]
        guard strength != .none else { return t("correlation.none", facts) }
        let more = x.shape == .bar || x.id == ChartMetric.sleep.id ? "more" : "higher"
        return t("correlation.link.\(more).\(r > 0 ? "higher" : "lower")", facts)
    }

    /// " the next day" after the second metric when it is read a day later; nothing otherwise.
    static func when(_ question: Question) -> String {
        question.lagDays == 1 ? t("correlation.whenNextDay") : ""
    }
}
