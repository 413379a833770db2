import Foundation
import ThriveCore

/// The days a chart covers: the last 7, 30, 90 or 365 days, or a custom span of up to a year ending
/// no later than today. Light mode keeps charts to the last 7 days (spec F4.3).
struct ChartRange: Hashable, Sendable {
    static let presets = [7, 30, 90, 365]
    static let longest = 366

    let first: LocalDate
    let last: LocalDate
    /// The preset this range is, or nil for a custom span.
    let preset: Int?

    var dayCount: Int { last.days(since: first) + 1 }
    var dates: [LocalDate] { (0..<dayCount).map { first.adding(days: $0) } }

    static func last(_ days: Int, today: LocalDate) -> ChartRange {
        ChartRange(first: today.adding(days: -(days - 1)), last: today, preset: days)
    }

    /// From a request's `range` (7, 30, 90 or 365) or `from` and `to` (YYYY-MM-DD); `fallback` days
    /// when neither is given. Light mode always gets the last 7 days.
    static func parse(
        range: String?, from: String?, to: String?, today: LocalDate, mode: FlexibilityMode, fallback: Int = 30
    ) throws(ValidationError) -> ChartRange {
        if mode == .light { return last(7, today: today) }
        if from != nil || to != nil {
            guard let fromText = from, let first = LocalDate(iso8601: fromText) else {
                throw ValidationError(field: "from", message: t("chartRange.from"))
            }
            let last =
                try to.map { text throws(ValidationError) in
                    guard let date = LocalDate(iso8601: text) else {
                        throw ValidationError(field: "to", message: t("chartRange.to"))
                    }
                    return date
                } ?? today
            guard first <= last else {
                throw ValidationError(field: "from", message: t("chartRange.order"))
            }
            guard last <= today else { throw ValidationError(field: "to", message: t("chartRange.future")) }
            guard last.days(since: first) < longest else {
                throw ValidationError(field: "from", message: t("chartRange.tooLong"))
            }
            return ChartRange(first: first, last: last, preset: nil)
        }
        guard let range else { return last(fallback, today: today) }
        guard let days = Int(range), presets.contains(days) else {
            throw ValidationError(field: "range", message: t("chartRange.preset"))
        }
        return last(days, today: today)
    }

    /// The same number of days just before.
    var previous: ChartRange {
        ChartRange(first: first.adding(days: -dayCount), last: first.adding(days: -1), preset: preset)
    }
}
