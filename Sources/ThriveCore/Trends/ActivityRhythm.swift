import Foundation

/// When in the week a person moves (spec F4.3, activity heatmap): for each weekday and hour, the
/// average amount recorded in that hour over the days of a span. Per day one source counts — the
/// one the source policy picks — so a watch and a phone are never added together; a reading that
/// spans an hour boundary is shared between the hours in proportion to its time in each.
public struct ActivityRhythm: Sendable, Equatable {
    /// `cells[weekday][hour]`, weekday 0 = Monday … 6 = Sunday, hours in the person's zone.
    public let cells: [[Double]]
    /// How many of each weekday the span held (the divisor of each row).
    public let weekdayCounts: [Int]

    public init(cells: [[Double]], weekdayCounts: [Int]) {
        self.cells = cells
        self.weekdayCounts = weekdayCounts
    }

    /// Row index of a date: Monday first.
    public static func row(_ date: LocalDate) -> Int { row(calendarWeekday: date.weekday) }

    /// Row index of `Calendar`'s weekday number (1 = Sunday … 7 = Saturday).
    static func row(calendarWeekday: Int) -> Int { (calendarWeekday + 5) % 7 }

    public static func average(
        _ samples: [QuantitySample], from first: LocalDate, through last: LocalDate, zone: TimeZone, policy: SourcePolicy
    ) -> ActivityRhythm {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        // Each day's winning source, by the policy's rule (rank, then most readings).
        var counts: [LocalDate: [SampleSource: Int]] = [:]
        for sample in samples {
            counts[LocalDate(sample.start, in: zone), default: [:]][sample.source, default: 0] += 1
        }
        let metric = samples.first?.type.rawValue ?? ""
        let winners = counts.compactMapValues { policy.pick($0, metric: metric, weight: { $0 })?.0 }

        var sums = Array(repeating: Array(repeating: 0.0, count: 24), count: 7)
        for sample in samples {
            let day = LocalDate(sample.start, in: zone)
            guard day >= first, day <= last, winners[day] == sample.source else { continue }
            let length = sample.end.timeIntervalSince(sample.start)
            guard length > 0 else {
                add(sample.value, at: sample.start, to: &sums, calendar: calendar)
                continue
            }
            var cursor = sample.start
            while cursor < sample.end {
                let next = min(calendar.dateInterval(of: .hour, for: cursor)?.end ?? sample.end, sample.end)
                add(sample.value * next.timeIntervalSince(cursor) / length, at: cursor, to: &sums, calendar: calendar)
                cursor = next
            }
        }
        var weekdayCounts = Array(repeating: 0, count: 7)
        var date = first
        while date <= last {
            weekdayCounts[row(date)] += 1
            date = date.adding(days: 1)
        }
        let cells = sums.enumerated().map { row, hours in
            hours.map { weekdayCounts[row] > 0 ? $0 / Double(weekdayCounts[row]) : 0 }
        }
        return ActivityRhythm(cells: cells, weekdayCounts: weekdayCounts)
    }

    private static func add(_ value: Double, at time: Date, to sums: inout [[Double]], calendar: Calendar) {
        let parts = calendar.dateComponents([.weekday, .hour], from: time)
        guard let weekday = parts.weekday, let hour = parts.hour else { return }
        sums[row(calendarWeekday: weekday)][hour] += value
    }

    public var isEmpty: Bool { cells.allSatisfy { $0.allSatisfy { $0 == 0 } } }

    /// The busiest weekday and hour, and its average.
    public var busiest: (weekday: Int, hour: Int, value: Double)? {
        var best: (weekday: Int, hour: Int, value: Double)?
        for (weekday, hours) in cells.enumerated() {
            for (hour, value) in hours.enumerated() where value > (best?.value ?? 0) {
                best = (weekday, hour, value)
            }
        }
        return best
    }

    /// Each weekday's average total.
    public var dayTotals: [Double] { cells.map { $0.reduce(0, +) } }
}
