import Foundation
import ThriveCore

/// Everything the dashboard shows (spec F4.1), in one answer: `GET /api/v1/mobile/dashboard` sends
/// it as JSON and the home page renders the same value.
struct Dashboard: Encodable, Sendable {
    struct Score: Encodable, Sendable {
        let pillar: Pillar
        let name: String
        let score: Int?
        let band: String
        let label: String
        let explanation: String
        let stale: Bool
        let href: String
        /// The score on each of the last 7 days, oldest first, today last (nil: not enough data).
        let history: [Int?]
        /// Deep mode: the pillar's key metric over the last 7 days, oldest first (nil: no data that day).
        let trend: Trend?
    }

    struct Trend: Encodable, Sendable {
        let metric: String
        let unit: String
        let values: [Double?]
        let summary: String
    }

    /// One figure of today's summary.
    struct Figure: Encodable, Sendable {
        let kind: String
        let label: String
        let value: String
        let detail: String?
    }

    struct Action: Encodable, Sendable {
        let id: String
        let label: String
        let href: String
    }

    struct Moment: Encodable, Sendable {
        let time: Date
        let kind: String
        let title: String
    }

    struct Progress: Encodable, Sendable {
        let label: String
        let value: String
        let percent: Int?
        /// What the goal is, in the person's units ("8,000 steps"); nil for streaks.
        var goal: String? = nil
    }

    /// Morning: recovery and sleep; evening: the day so far; otherwise nil.
    struct Focus: Encodable, Sendable {
        let title: String
        let lines: [String]
    }

    let mode: FlexibilityMode
    let date: LocalDate
    let generatedAt: Date
    /// The person's zone, which the dates and times follow.
    let timeZone: String
    let greeting: String
    let partOfDay: String
    let isNewPerson: Bool
    let staleNotice: String?
    let focus: Focus?
    let alerts: [AlertBody]
    let scores: [Score]
    let today: [Figure]
    let cards: [KPIResponse.Card]
    let featuredInsight: InsightBody?
    /// Deep mode: three to five (fewer when there is not enough data).
    let insights: [InsightBody]
    let quickActions: [Action]
    /// Deep mode: what was logged or recorded in the last day, newest first.
    let timeline: [Moment]
    /// Deep mode: goals and streaks.
    let progress: [Progress]
}
