import Foundation
import ThriveCore

/// The Insights tab: today's insights from the person's own history, grouped by what they say.
struct InsightsPage: Sendable {
    struct Group: Sendable {
        let title: String
        let sentences: [String]
    }

    let groups: [Group]
    let isEmpty: Bool
    var explorer: CorrelationView?
    /// A chart of each metric a trend insight is about, so the sentence can be seen.
    var charts: [MetricChartView] = []

    /// The chart of an insight's metric (`restingHeartRate` → `resting-heart-rate`).
    static func chartMetrics(for insights: [Insight]) -> [ChartMetric] {
        var seen = Set<String>()
        return insights.filter { $0.kind == .trend || $0.kind == .anomaly }.compactMap { insight in
            let id = insight.metric == "restingHeartRate" ? "resting-heart-rate" : insight.metric
            guard seen.insert(id).inserted else { return nil }
            return ChartMetric.named(id)
        }
    }

    init(_ insights: [Insight]) {
        let order: [Insight.Kind] = [.anomaly, .correlation, .trend, .bestDay, .worstDay]
        groups = order.compactMap { kind in
            let sentences = insights.filter { $0.kind == kind }.map { t($0.sentence) }
            return sentences.isEmpty ? nil : Group(title: t("insights.group.\(kind.rawValue)"), sentences: sentences)
        }
        isEmpty = insights.isEmpty
    }
}
