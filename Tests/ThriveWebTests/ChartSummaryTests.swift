import Foundation
import Testing
import ThriveCore

@testable import ThriveWeb

/// The sentence under a chart says a change only when the change shows in the numbers it gives.
@Suite("A chart's sentence")
struct ChartSummaryTests {
    /// Seven days at `value` after seven days at `before`.
    static func trend(_ value: Double, after before: Double) -> DailyTrend {
        let start = LocalDate(year: 2026, month: 11, day: 9)!
        return DailyTrend(
            days: (7..<14).map { DailyTrend.Day(date: start.adding(days: $0), value: value) },
            previous: (0..<7).map { DailyTrend.Day(date: start.adding(days: $0), value: before) })
    }

    static func sentence(_ metric: ChartMetric, _ value: Double, after before: Double) -> String {
        Localizer.$current.withValue(Localizer(.en)) {
            ChartSummary.sentence(
                metric, trend(value, after: before), range: .last(7, today: LocalDate(year: 2026, month: 11, day: 22)!),
                units: .metric, zone: .gmt)
        }
    }

    @Test func aChangeTooSmallToShowIsAboutTheSame() {
        // 0.4 minute of activity more is over half a percent of 30 minutes, but reads "0 min".
        #expect(Self.sentence(.activeMinutes, 30.4, after: 30).contains("about the same as the 7 days before"))
        #expect(Self.sentence(.activeMinutes, 30.6, after: 30).contains("up 1 min from the 7 days before"))
        // Protein in whole grams: 0.4 g is nothing, 0.6 g is a gram.
        #expect(Self.sentence(.protein, 80.4, after: 80).contains("about the same"))
        #expect(Self.sentence(.protein, 79.4, after: 80).contains("down 1 g from the 7 days before"))
    }

    @Test func aRatingChangesOnItsScaleNotOutOfFive() {
        let up = Self.sentence(.mood, 3.6, after: 3.4)
        #expect(up.contains("Your average mood over the last 7 days was 3.6/5, up 0.2 on the 1–5 scale"), "\(up)")
        #expect(Self.sentence(.mood, 3.44, after: 3.4).contains("about the same"), "0.04 shows as 0")
        #expect(Self.sentence(.stress, 3.3, after: 3.4).contains("down 0.1 on the 1–5 scale"))
    }
}
