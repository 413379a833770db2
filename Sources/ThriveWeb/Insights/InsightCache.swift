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

    enum CodingKeys: String, CodingKey { case date, insights, seenOn }

    /// A cache written before insights were phrases does not decode: it is dropped (recomputed
    /// today), keeping the day the person last looked.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        seenOn = try container.decodeIfPresent(LocalDate.self, forKey: .seenOn)
        if let insights = try? container.decode([Insight].self, forKey: .insights) {
            self.insights = insights
            date = try container.decodeIfPresent(LocalDate.self, forKey: .date)
        }
    }

    var unread: Int { date != nil && seenOn != date ? insights.count : 0 }
}
