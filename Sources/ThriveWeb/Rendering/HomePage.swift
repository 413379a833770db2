import Foundation
import ThriveCore

/// The home page's content: a greeting for the person's time of day and what they have recorded.
struct HomePage: Sendable {
    struct Summary: Sendable {
        struct Kind: Sendable {
            let name: String
            let count: String
            let first: String
            let last: String
        }
        let isEmpty: Bool
        let totalCount: String
        let days: String
        let first: String
        let last: String
        let kinds: [Kind]
    }

    struct Card: Sendable {
        let title: String
        let value: String
        let status: String
        let statusLabel: String
        let icon: String
        let detail: String
    }

    struct Score: Sendable {
        let name: String
        let pillar: String
        let score: String
        let band: String
        let label: String
        let icon: String
        let explanation: String
        let hasScore: Bool
        let stale: Bool
    }

    struct Alert: Sendable {
        let id: String
        let title: String
        let message: String
        let acknowledged: Bool
    }

    let greeting: String
    let today: String
    let summary: Summary
    let cards: [Card]
    let scores: [Score]
    let alerts: [Alert]
    let hasAlerts: Bool
    let emergencyAdvice = SafetyCondition.emergencyAdvice

    init(
        profile: Profile, summary: HealthDataSummary, now: Date, cards: [KPICard] = [], scores: [PillarScore] = [],
        alerts: [SafetyAlert] = []
    ) {
        self.cards = cards.map { card in
            Card(
                title: card.title, value: card.value, status: card.status.rawValue, statusLabel: card.statusLabel,
                icon: Self.icon(card.status.rawValue), detail: card.detail)
        }
        self.scores = scores.map { score in
            Score(
                name: score.pillar.displayName, pillar: score.pillar.rawValue, score: score.score.map(String.init) ?? "–",
                band: score.band?.rawValue ?? "noData", label: score.band?.label ?? "Not enough data",
                icon: Self.icon(score.band?.rawValue ?? "noData"), explanation: score.explanation, hasScore: score.score != nil,
                stale: score.state == .stale)
        }
        self.alerts = alerts.map {
            Alert(id: $0.id.description, title: $0.condition.title, message: $0.message, acknowledged: $0.acknowledgedAt != nil)
        }
        hasAlerts = !alerts.isEmpty
        let zone = profile.timeZone
        greeting = Self.greeting(at: now, in: zone, name: profile.displayName)
        today = DisplayFormat.longDate(now, in: zone)
        let total = summary.total
        self.summary = Summary(
            isEmpty: summary.isEmpty,
            totalCount: DisplayFormat.count(total.count),
            days: DisplayFormat.count(summary.daysCovered(in: zone)),
            first: total.first.map { DisplayFormat.date($0, in: zone) } ?? "",
            last: total.last.map { DisplayFormat.date($0, in: zone) } ?? "",
            kinds: summary.kinds.map { kind, span in
                Summary.Kind(
                    name: kind.displayName, count: DisplayFormat.count(span.count),
                    first: span.first.map { DisplayFormat.date($0, in: zone) } ?? "—",
                    last: span.last.map { DisplayFormat.date($0, in: zone) } ?? "—")
            })
    }

    /// A shape for each status, so colour is never the only signal.
    static func icon(_ status: String) -> String {
        switch status {
        case "green": "✓"
        case "yellow": "◐"
        case "red": "!"
        default: "…"
        }
    }

    /// "Good morning" from 5:00, "Good afternoon" from 12:00, "Good evening" from 17:00, "Hello" at night.
    static func greeting(at now: Date, in zone: TimeZone, name: String?) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let hour = calendar.component(.hour, from: now)
        let salutation =
            switch hour {
            case 5..<12: "Good morning"
            case 12..<17: "Good afternoon"
            case 17..<23: "Good evening"
            default: "Hello"
            }
        guard let name, !name.isEmpty else { return salutation }
        return "\(salutation), \(name)"
    }
}

/// Shared display formats, in English for now (languages come later), in the person's zone.
enum DisplayFormat {
    static func count(_ value: Int) -> String {
        value.formatted(.number.locale(Locale(identifier: "en_US")))
    }

    /// "22 Nov 2026".
    static func date(_ date: Date, in zone: TimeZone) -> String {
        var style = Date.FormatStyle(
            date: .abbreviated, time: .omitted, locale: Locale(identifier: "en_GB"), calendar: Calendar(identifier: .gregorian))
        style.timeZone = zone
        return date.formatted(style)
    }

    /// "Sunday, 22 November 2026".
    static func longDate(_ date: Date, in zone: TimeZone) -> String {
        var style = Date.FormatStyle(
            date: .complete, time: .omitted, locale: Locale(identifier: "en_GB"), calendar: Calendar(identifier: .gregorian))
        style.timeZone = zone
        return date.formatted(style)
    }
}
