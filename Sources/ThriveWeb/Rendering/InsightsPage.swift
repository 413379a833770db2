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
        let order: [(Insight.Kind, String)] = [
            (.anomaly, "Out of the ordinary"), (.correlation, "What affects what"), (.trend, "Trends"),
            (.bestDay, "Best days"), (.worstDay, "Hardest days"),
        ]
        groups = order.compactMap { kind, title in
            let sentences = insights.filter { $0.kind == kind }.map(\.sentence)
            return sentences.isEmpty ? nil : Group(title: title, sentences: sentences)
        }
        isEmpty = insights.isEmpty
    }
}
