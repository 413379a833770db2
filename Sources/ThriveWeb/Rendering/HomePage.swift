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

    let greeting: String
    let today: String
    let summary: Summary

    init(profile: Profile, summary: HealthDataSummary, now: Date) {
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
