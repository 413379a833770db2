import Foundation
import ThriveCore

/// Past three months a bar a day is too thin to read, so long ranges show a bar per week: the
/// average of the recorded days in each run of seven, counted back from the range's last day.
struct WeeklyBars: Sendable {
    struct Week: Sendable {
        let first: LocalDate
        let last: LocalDate
        let average: Double?
    }

    static let dailyLimit = 92

    let weeks: [Week]

    init(_ days: [DailyTrend.Day]) {
        var weeks: [Week] = []
        var end = days.count
        while end > 0 {
            let start = max(end - 7, 0)
            let slice = days[start..<end]
            let known = slice.compactMap(\.value)
            weeks.append(
                Week(
                    first: slice.first!.date, last: slice.last!.date,
                    average: known.isEmpty ? nil : known.reduce(0, +) / Double(known.count)))
            end = start
        }
        self.weeks = weeks.reversed()
    }
}
