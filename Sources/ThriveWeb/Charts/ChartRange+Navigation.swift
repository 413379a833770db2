import ThriveCore

/// Zoom and pan on the time axis, as ranges: half or twice the days around the same middle, or the
/// same length moved back or forward by half of it. Never past today, never under 7 days or over
/// a year; a span that ends today with a preset's length is that preset.
extension ChartRange {
    static let shortest = 7

    func zoomedIn(today: LocalDate) -> ChartRange? {
        guard dayCount > Self.shortest else { return nil }
        return centred(on: middle, days: max(Self.shortest, dayCount / 2), today: today)
    }

    func zoomedOut(today: LocalDate) -> ChartRange? {
        guard dayCount < Self.longest else { return nil }
        return centred(on: middle, days: min(Self.longest, dayCount * 2), today: today)
    }

    func earlier(today: LocalDate) -> ChartRange {
        ChartRange.span(first: first.adding(days: -max(dayCount / 2, 1)), days: dayCount, today: today)
    }

    func later(today: LocalDate) -> ChartRange? {
        guard last < today else { return nil }
        return ChartRange.span(first: first.adding(days: max(dayCount / 2, 1)), days: dayCount, today: today)
    }

    /// The query that asks for this range: `range=30`, or `from=…&to=…`.
    var query: String {
        preset.map { "range=\($0)" } ?? "from=\(first.iso8601)&to=\(last.iso8601)"
    }

    private var middle: LocalDate { first.adding(days: dayCount / 2) }

    private func centred(on middle: LocalDate, days: Int, today: LocalDate) -> ChartRange {
        ChartRange.span(first: middle.adding(days: -(days / 2)), days: days, today: today)
    }

    /// `days` days from `first`, moved back so as to end by today.
    static func span(first: LocalDate, days: Int, today: LocalDate) -> ChartRange {
        var last = first.adding(days: days - 1)
        var start = first
        if last > today {
            start = start.adding(days: -last.days(since: today))
            last = today
        }
        let preset = last == today && presets.contains(days) ? days : nil
        return ChartRange(first: start, last: last, preset: preset)
    }
}
