import Foundation
import ThriveCore

/// The home page's view of a ``Dashboard``: the same values, with the strings and shapes the
/// template needs (icons for states, sparkline points, times in the person's zone).
struct DashboardPage: Sendable {
    struct Score: Sendable {
        let pillar: String
        let name: String
        let score: String
        let band: String
        let label: String
        let icon: String
        let explanation: String
        let stale: Bool
        let href: String
        let sparkline: String?
        let trendSummary: String?
    }

    struct Card: Sendable {
        let title: String
        let value: String
        let status: String
        let statusLabel: String
        let icon: String
        let detail: String
    }

    struct Alert: Sendable {
        let id: String
        let title: String
        let message: String
        let acknowledged: Bool
    }

    struct Moment: Sendable {
        let time: String
        let kind: String
        let title: String
    }

    let greeting: String
    let today: String
    let deep: Bool
    let isNewPerson: Bool
    let staleNotice: String?
    let focus: Dashboard.Focus?
    let alerts: [Alert]
    let hasAlerts: Bool
    let emergencyAdvice = SafetyCondition.emergencyAdvice
    let scores: [Score]
    let figures: [Dashboard.Figure]
    let cards: [Card]
    let featuredInsight: String?
    let insights: [String]
    let hasInsights: Bool
    let actions: [Dashboard.Action]
    let timeline: [Moment]
    let hasTimeline: Bool
    let progress: [Dashboard.Progress]
    let welcomed: Bool
    let unavailable: Bool

    init(_ dashboard: Dashboard, zone: TimeZone, welcomed: Bool, unavailable: Bool = false) {
        greeting = dashboard.greeting
        today = DisplayFormat.longDate(dashboard.generatedAt, in: zone)
        deep = dashboard.mode == .deep
        isNewPerson = dashboard.isNewPerson
        staleNotice = dashboard.staleNotice
        focus = dashboard.focus
        alerts = dashboard.alerts.map {
            Alert(id: $0.id.description, title: $0.title, message: $0.message, acknowledged: $0.acknowledgedAt != nil)
        }
        hasAlerts = !alerts.isEmpty
        scores = dashboard.scores.map { score in
            Score(
                pillar: score.pillar.rawValue, name: score.name, score: score.score.map(String.init) ?? "–", band: score.band,
                label: score.label, icon: StatusIcon.for(score.band), explanation: score.explanation, stale: score.stale,
                href: score.href, sparkline: score.trend.flatMap { Sparkline.points($0.values) },
                trendSummary: score.trend?.summary)
        }
        figures = dashboard.today
        cards = dashboard.cards.map { card in
            Card(
                title: card.title, value: card.value, status: card.status.rawValue, statusLabel: card.statusLabel,
                icon: StatusIcon.for(card.status.rawValue), detail: card.detail)
        }
        featuredInsight = dashboard.featuredInsight?.sentence
        insights = dashboard.insights.dropFirst().map(\.sentence)
        hasInsights = !insights.isEmpty
        actions = dashboard.quickActions
        timeline = dashboard.timeline.map { Moment(time: DisplayFormat.time($0.time, in: zone), kind: $0.kind, title: $0.title) }
        hasTimeline = !timeline.isEmpty
        progress = dashboard.progress
        self.welcomed = welcomed
        self.unavailable = unavailable
    }
}

/// A 7-point line for a small inline SVG (viewBox 0 0 100 32): the points of the days with data,
/// scaled between the week's lowest and highest value.
enum Sparkline {
    static func points(_ values: [Double?]) -> String? {
        let known = values.compactMap { $0 }
        guard known.count >= 2, let low = known.min(), let high = known.max() else { return nil }
        let span = high - low
        let step = values.count > 1 ? 100 / Double(values.count - 1) : 0
        return values.enumerated().compactMap { index, value -> String? in
            guard let value else { return nil }
            let y = span == 0 ? 16 : 29 - (value - low) / span * 26
            return "\(DisplayFormat.decimal(Double(index) * step)),\(DisplayFormat.decimal(y))"
        }.joined(separator: " ")
    }
}
