import Foundation
import ThriveCore
import ThriveStore

/// The day's insights, computed once a day: they read four months of aggregates and change slowly,
/// while the dashboard is opened many times a day.
struct InsightCache: PersonDocument {
    static let documentKind = "insight-cache"

    var date: LocalDate?
    var insights: [Insight] = []
    /// The day whose insights the person has opened the Insights tab for: the tab's badge counts
    /// the day's insights until then.
    var seenOn: LocalDate?

    init() {}

    var unread: Int { date != nil && seenOn != date ? insights.count : 0 }
}
