import Foundation
import ThriveCore

/// Profile › Your data: how many records of each kind the person holds, and over which days.
struct YourDataPage: Sendable {
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
    var notice: String?

    init(summary: HealthDataSummary, zone: TimeZone) {
        let total = summary.total
        isEmpty = summary.isEmpty
        totalCount = DisplayFormat.count(total.count)
        days = DisplayFormat.count(summary.daysCovered(in: zone))
        first = total.first.map { DisplayFormat.date($0, in: zone) } ?? ""
        last = total.last.map { DisplayFormat.date($0, in: zone) } ?? ""
        kinds = summary.kinds.map { kind, span in
            Kind(
                name: kind.title, count: DisplayFormat.count(span.count),
                first: span.first.map { DisplayFormat.date($0, in: zone) } ?? "—",
                last: span.last.map { DisplayFormat.date($0, in: zone) } ?? "—")
        }
    }
}

/// A pillar's score as a tile: number, state in words with an icon, and why.
struct ScoreTile: Sendable {
    let name: String
    let pillar: String
    let score: String
    let band: String
    let label: String
    let icon: String
    let explanation: String
    let hasScore: Bool
    let stale: Bool

    init(_ score: PillarScore) {
        name = score.pillar.title
        pillar = score.pillar.rawValue
        self.score = score.score.map { "\($0)" } ?? "–"
        band = score.band?.rawValue ?? "noData"
        label = t("band.\(score.band?.rawValue ?? "noData")")
        icon = StatusIcon.for(band)
        explanation = score.sentences
        hasScore = score.score != nil
        stale = score.state == .stale
    }
}

/// A shape for each status, so colour is never the only signal.
enum StatusIcon {
    static func `for`(_ status: String) -> String {
        switch status {
        case "green": "✓"
        case "yellow": "◐"
        case "red": "!"
        default: "…"
        }
    }
}

enum Greeting {
    /// "Good morning" from 5:00, "Good afternoon" from 12:00, "Good evening" from 17:00, "Hello" at
    /// night: `part` is the dashboard's part of the day (``DashboardService/partOfDay(_:)``).
    static func text(partOfDay part: String, name: String?) -> String {
        guard let name, !name.isEmpty else { return t("greeting.\(part)") }
        return t("greeting.\(part).named", ["name": name])
    }
}
