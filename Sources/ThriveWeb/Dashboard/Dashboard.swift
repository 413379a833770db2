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
        /// The unit in words, for people ("steps", "hours").
        let unit: String
        /// The unit of `values`, for programs: count, kcal or h.
        let unitCode: String
        let values: [Double?]
        let summary: String
    }

    /// One figure of today's summary: the number with its unit, for apps, and as the page says it.
    struct Figure: Encodable, Sendable {
        let kind: String
        let label: String
        /// As the page shows it ("6 h 47 min", "–" when there is none).
        let value: String
        /// The number itself (nil when there is none), in `unit`.
        let amount: Double?
        /// count, min, s (sleep) or score (mood and energy, 1 to 5).
        let unit: String
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
        let kind: String
        let label: String
        /// As the page shows it ("4,606 of 8,000").
        let value: String
        /// How far, in `unit` (days for a streak).
        let amount: Double
        /// The goal, in `unit`; nil for streaks.
        let goalAmount: Double?
        /// count, l (litres) or days.
        let unit: String
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
