import Foundation
import ThriveCore

/// The sentence under a chart (and its `<desc>`), written for a person rather than a statistician:
/// "Your average sleep over the last 30 days was 7 h 12 min, up 18 min from the 30 days before;
/// lowest on Sunday 3 May (5 h 40 min)."
enum ChartSummary {
    static func sentence(
        _ metric: ChartMetric, _ trend: DailyTrend, range: ChartRange, units: UnitSystem, zone: TimeZone
    ) -> String {
        guard trend.hasEnoughPoints, let average = trend.average else { return emptyMessage(trend) }
        let days = String(range.dayCount)
        let period =
            range.preset != nil
            ? t("chart.period.last", ["days": days])
            : t("chart.period.between", ["first": day(range.first, zone), "last": day(range.last, zone)])
        var text = t(
            "chart.summary.average",
            ["noun": metric.noun, "title": metric.title, "period": period, "value": metric.format(average, units)])
        if let change = trend.change, let previous = trend.previousAverage {
            let formatChange = metric.formatChange ?? metric.format
            let amount = formatChange(abs(change), units)
            // Under half a percent, or a change that shows as nothing ("0 min"), is no change.
            if abs(change) < max(abs(previous) * 0.005, 1e-9) || amount == formatChange(0, units) {
                text += t("chart.summary.same", ["days": days])
            } else {
                text += t(change > 0 ? "chart.summary.up" : "chart.summary.down", ["amount": amount, "days": days])
            }
        }
        if let lowest = trend.lowest, let highest = trend.highest, lowest.date != highest.date {
            text += t(
                "chart.summary.extremes",
                [
                    "lowDay": longDay(lowest.date, zone), "low": metric.format(lowest.value, units),
                    "highDay": longDay(highest.date, zone), "high": metric.format(highest.value, units),
                ])
        }
        text += t("chart.summary.end")
        if let today = trend.inProgress, trend.days.contains(where: { $0.date == today && $0.value != nil }) {
            text += " " + t("chart.summary.todayLeftOut")
        }
        return text
    }

    /// Spec F4.3: "Need [X] more days of data for this view."
    static func emptyMessage(_ trend: DailyTrend) -> String {
        Localizer.current.plural("chart.needMoreDays", max(trend.missingPoints, 1))
    }

    /// "Unusually high value on Sunday 3 May: 31,200 steps." (spec F4.3: values beyond 3 standard deviations)
    static func anomaly(
        _ extreme: DailyTrend.Extreme, _ metric: ChartMetric, average: Double, units: UnitSystem, zone: TimeZone
    ) -> String {
        t(
            extreme.value > average ? "chart.anomaly.high" : "chart.anomaly.low",
            [
                "day": longDay(extreme.date, zone), "value": metric.format(extreme.value, units),
                "average": metric.format(average, units),
            ])
    }

    /// "Sun 3 May".
    static func day(_ date: LocalDate, _ zone: TimeZone) -> String {
        DisplayFormat.shortDay(date.start(in: zone).addingTimeInterval(43_200), in: zone)
    }

    /// "Sunday 3 May".
    static func longDay(_ date: LocalDate, _ zone: TimeZone) -> String {
        var style = Date.FormatStyle(locale: Localizer.current.locale, calendar: Calendar(identifier: .gregorian))
            .weekday(.wide).day(.defaultDigits).month(.wide)
        style.timeZone = zone
        return date.start(in: zone).addingTimeInterval(43_200).formatted(style).replacingOccurrences(of: ",", with: "")
    }
}
