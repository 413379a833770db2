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
            error = first.id == second.id ? "Pick two different things to compare." : nil
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
            Option(value: "0", label: "the same day", selected: question.lagDays == 0),
            Option(value: "1", label: "the next day", selected: question.lagDays == 1),
        ]
        spanOptions = Question.spans.map { Option(value: String($0), label: "\($0) days", selected: $0 == question.days) }
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
        let when = question.lagDays == 1 ? " the next day" : ""
        var plot = ScatterPlot(
            id: Self.id, title: "\(x.title) and \(y.title)\(when), last \(question.days) days", summary: summary,
            role: y.pillar.rawValue, xTitle: x.title, yTitle: y.title + when,
            points: pairs.pairs.map { pair in
                ScatterPlot.Point(
                    x: pair.x, y: pair.y,
                    label: "\(ChartSummary.day(pair.date, zone)): \(x.format(pair.x, units)), \(y.format(pair.y, units))")
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
        let when = question.lagDays == 1 ? " the next day" : ""
        let count = pairs.pairs.count
        guard pairs.hasEnoughPairs else {
            let missing = DayPairs.minimumPairs - count
            return "Need \(missing) more day\(missing == 1 ? "" : "s") with both \(x.noun) and \(y.noun)\(when) for this view."
        }
        guard let r = pairs.correlation else {
            return "Your \(x.noun) or \(y.noun) stayed the same over these days, so there is nothing to compare."
        }
        let coefficient = String(format: "r = %.2f", r)
        let strength = DayPairs.Strength(r)
        guard strength != .none else {
            return
                "No clear link between your \(x.noun) and your \(y.noun)\(when) over the last \(question.days) days (\(coefficient), \(count) days with both)."
        }
        let more = x.shape == .bar || x.id == ChartMetric.sleep.id ? "more" : "higher"
        return
            "On days with \(more) \(x.noun), your \(y.noun)\(when) tended to be \(r > 0 ? "higher" : "lower"): a \(strength.rawValue) link (\(coefficient), \(count) days with both). A link is not proof that one causes the other."
    }
}
