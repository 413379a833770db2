import Foundation
import Testing
import ThriveCore

@Suite("Daily trends")
struct DailyTrendTests {
    static let start = LocalDate(year: 2026, month: 5, day: 1)!

    static func days(_ values: [Double?], from first: LocalDate = start) -> [DailyTrend.Day] {
        values.enumerated().map { DailyTrend.Day(date: first.adding(days: $0.offset), value: $0.element) }
    }

    @Test func averageChangeAndExtremesCountOnlyRecordedDays() throws {
        let trend = DailyTrend(
            days: Self.days([7, 7.5, 6, nil, 8, 7, 6.5, 7, 7.5, 8]),
            previous: Self.days([6, nil, 6, 6], from: Self.start.adding(days: -4)))
        #expect(trend.count == 9)
        #expect(abs(try #require(trend.average) - 64.5 / 9) < 1e-9)
        #expect(trend.previousAverage == 6)
        #expect(abs(try #require(trend.change) - (64.5 / 9 - 6)) < 1e-9)
        #expect(trend.lowest?.date == LocalDate(year: 2026, month: 5, day: 3)!)
        #expect(trend.lowest?.value == 6)
        #expect(trend.highest?.date == LocalDate(year: 2026, month: 5, day: 5)!, "the first of the highest days")
        #expect(trend.hasEnoughPoints)
    }

    @Test func aValueBeyondThreeStandardDeviationsIsMarked() throws {
        // Twenty days at 60 and one at 120: mean 62.86, σ 12.78, so 120 is 4.5 σ out.
        let trend = DailyTrend(days: Self.days(Array(repeating: 60, count: 20) + [120]))
        #expect(trend.anomalies.map(\.value) == [120])
        #expect(trend.anomalies.first?.date == LocalDate(year: 2026, month: 5, day: 21)!)
        // With seven values no single one can be 3 σ out ((n − 1)/√n = 2.27): nothing is marked.
        #expect(DailyTrend(days: Self.days([60, 60, 60, 60, 60, 60, 120])).anomalies.isEmpty)
    }

    @Test func theSlopeIsPerCalendarDayAcrossGaps() {
        let trend = DailyTrend(days: Self.days([1, nil, 5, nil, 9]))
        #expect(trend.slopePerDay == 2)
    }

    @Test func fewerThanThreeDaysIsNotATrend() {
        let trend = DailyTrend(days: Self.days([nil, 7, nil, nil, 8]))
        #expect(!trend.hasEnoughPoints)
        #expect(trend.missingPoints == 1)
        #expect(DailyTrend(days: Self.days([nil, nil])).missingPoints == 3)
    }

    @Test func calendarDaysBetweenDatesCrossMonthsAndLeapDays() {
        #expect(LocalDate(year: 2028, month: 3, day: 1)!.days(since: LocalDate(year: 2028, month: 2, day: 28)!) == 2)
        #expect(LocalDate(year: 2026, month: 1, day: 1)!.days(since: LocalDate(year: 2026, month: 12, day: 31)!) == -364)
    }
}
