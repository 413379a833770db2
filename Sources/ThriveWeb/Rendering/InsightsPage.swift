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

    init(_ insights: [Insight]) {
        let order: [Insight.Kind] = [.anomaly, .correlation, .trend, .bestDay, .worstDay]
        groups = order.compactMap { kind in
            let sentences = insights.filter { $0.kind == kind }.map { t($0.sentence) }
            return sentences.isEmpty ? nil : Group(title: t("insights.group.\(kind.rawValue)"), sentences: sentences)
        }
        isEmpty = insights.isEmpty
    }
}
