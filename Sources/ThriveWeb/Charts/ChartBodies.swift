import Foundation
import ThriveCore

/// A metric's days as the chart API returns them, values in the metric's canonical unit.
struct ChartBody: Encodable {
    struct Day: Encodable {
        let date: LocalDate
        let value: Double?
        /// The day's lowest and highest reading, for metrics read through the day.
        var low: Double?
        var high: Double?
    }

    struct Extreme: Encodable {
        let date: LocalDate
        let value: Double
        let explanation: String?
    }

    let metric: String
    let title: String
    let unit: String
    let from: LocalDate
    let to: LocalDate
    let summary: String
    let average: Double?
    let previousAverage: Double?
    let lowest: Extreme?
    let highest: Extreme?
    let anomalies: [Extreme]
    let days: [Day]

    init(metric: ChartMetric, trend: DailyTrend, range: ChartRange, units: UnitSystem, zone: TimeZone) {
        self.metric = metric.id
        title = metric.title
        unit = metric.unit
        from = range.first
        to = range.last
        summary = ChartSummary.sentence(metric, trend, range: range, units: units, zone: zone)
        average = trend.average
        previousAverage = trend.previousAverage
        lowest = trend.lowest.map { Extreme(date: $0.date, value: $0.value, explanation: nil) }
        highest = trend.highest.map { Extreme(date: $0.date, value: $0.value, explanation: nil) }
        anomalies = trend.anomalies.map { extreme in
            Extreme(
                date: extreme.date, value: extreme.value,
                explanation: trend.average.map {
                    ChartSummary.anomaly(extreme, metric, average: $0, units: units, zone: zone)
                })
        }
        days = trend.days.map {
            Day(date: $0.date, value: $0.value, low: $0.spread?.lowerBound, high: $0.spread?.upperBound)
        }
    }
}
