import Foundation
import ThriveCore
import ThriveReports

/// The Activity page's heatmap of steps by weekday and hour over the last four weeks, with the
/// sentence that says when the person moves most, and a table of each weekday for the numbers.
struct RhythmView: Sendable {
    struct Row: Sendable {
        let weekday: String
        let average: String
        let busiestHour: String
    }

    static let weeks = 4
    static let id = "chart-rhythm"

    let svg: String?
    let compactSVG: String?
    let summary: String
    let isEmpty: Bool
    let rows: [Row]

    init(_ rhythm: ActivityRhythm) {
        isEmpty = rhythm.isEmpty
        let steps: @Sendable (Double) -> String = { Localizer.current.plural("unit.steps", Int($0.rounded())) }
        let weeks = String(Self.weeks)
        guard !rhythm.isEmpty, let busiest = rhythm.busiest else {
            summary = t("rhythm.empty", ["weeks": weeks])
            svg = nil
            compactSVG = nil
            rows = []
            return
        }
        let totals = rhythm.dayTotals
        let most = totals.indices.max { totals[$0] < totals[$1] } ?? 0
        let least = totals.indices.min { totals[$0] < totals[$1] } ?? 0
        let names = DisplayFormat.weekdayNames()
        summary = t(
            "rhythm.summary",
            [
                "weeks": weeks, "weekday": names[busiest.weekday], "hours": Self.hours(busiest.hour),
                "steps": steps(busiest.value), "mostDay": names[most], "mostSteps": steps(totals[most]),
                "leastDay": names[least], "leastSteps": steps(totals[least]),
            ])
        var heatmap = Heatmap(
            id: Self.id, title: t("rhythm.title", ["weeks": weeks]), summary: summary, role: "fitness",
            rowLabels: DisplayFormat.weekdayNames(short: true), values: rhythm.cells, formatValue: steps)
        svg = heatmap.svg()
        heatmap.id += "-compact"
        heatmap.width = 360
        compactSVG = heatmap.svg()
        rows = rhythm.cells.enumerated().map { weekday, hours in
            let peak = hours.indices.max { hours[$0] < hours[$1] } ?? 0
            return Row(
                weekday: names[weekday], average: steps(totals[weekday]),
                busiestHour: hours[peak] > 0 ? Self.hours(peak) : "–")
        }
    }

    /// "09:00 to 10:00", or "9:00 AM to 10:00 AM" on a 12-hour clock.
    static func hours(_ hour: Int) -> String {
        t("rhythm.hours", ["from": DisplayFormat.clock(hour * 60), "to": DisplayFormat.clock((hour + 1) * 60)])
    }
}
