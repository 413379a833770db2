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
        let period =
            range.preset != nil
            ? "over the last \(range.dayCount) days"
            : "from \(day(range.first, zone)) to \(day(range.last, zone))"
        var text = "Your average \(metric.noun) \(period) was \(metric.format(average, units))"
        if let change = trend.change, let previous = trend.previousAverage {
            let before = "the \(range.dayCount) days before"
            if abs(change) < max(abs(previous) * 0.005, 1e-9) {
                text += ", about the same as \(before)"
            } else {
                text += ", \(change > 0 ? "up" : "down") \(metric.format(abs(change), units)) from \(before)"
            }
        }
        if let lowest = trend.lowest, let highest = trend.highest, lowest.date != highest.date {
            text += "; lowest on \(longDay(lowest.date, zone)) (\(metric.format(lowest.value, units)))"
            text += ", highest on \(longDay(highest.date, zone)) (\(metric.format(highest.value, units)))"
        }
        return text + "."
    }

    /// Spec F4.3: "Need [X] more days of data for this view."
    static func emptyMessage(_ trend: DailyTrend) -> String {
        let missing = max(trend.missingPoints, 1)
        return "Need \(missing) more day\(missing == 1 ? "" : "s") of data for this view."
    }

    /// "Unusually high value on Sunday 3 May: 31,200 steps." (spec F4.3: values beyond 3 standard deviations)
    static func anomaly(
        _ extreme: DailyTrend.Extreme, _ metric: ChartMetric, average: Double, units: UnitSystem, zone: TimeZone
    ) -> String {
        let direction = extreme.value > average ? "high" : "low"
        return
            "Unusually \(direction) value on \(longDay(extreme.date, zone)): \(metric.format(extreme.value, units)), more than three times the usual spread from your average of \(metric.format(average, units)). Worth a look: a device glitch, or a day to remember."
    }

    /// "Sun 3 May".
    static func day(_ date: LocalDate, _ zone: TimeZone) -> String {
        DisplayFormat.shortDay(date.start(in: zone).addingTimeInterval(43_200), in: zone)
    }

    /// "Sunday 3 May".
    static func longDay(_ date: LocalDate, _ zone: TimeZone) -> String {
        var style = Date.FormatStyle(locale: Locale(identifier: "en_GB"), calendar: Calendar(identifier: .gregorian))
            .weekday(.wide).day(.defaultDigits).month(.wide)
        style.timeZone = zone
        return date.start(in: zone).addingTimeInterval(43_200).formatted(style).replacingOccurrences(of: ",", with: "")
    }
}
