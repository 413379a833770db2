import Foundation
import ThriveCore

struct InsightsResponse: Encodable {
    let insights: [InsightBody]
}

/// An insight with its sentence in the request's language.
struct InsightBody: Encodable, Sendable {
    let kind: Insight.Kind
    let metric: String
    let sentence: String
    let priority: Int
    let date: LocalDate?

    init(_ insight: Insight) {
        kind = insight.kind
        metric = insight.metric
        sentence = t(insight.sentence)
        priority = insight.priority
        date = insight.date
    }
}
