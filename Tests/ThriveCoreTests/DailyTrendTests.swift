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

    @Test func aSingleSpikeInAWeekIsMarkedAndOrdinaryNoiseIsNot() throws {
        // The other six days average 8,333 steps with a spread of 574: 25,000 is far outside their
        // 99.73 % interval (± 3,690), 11,000 inside it. A population 3σ over all seven could never mark one.
        let spike = DailyTrend(days: Self.days([8_200, 7_600, 9_100, 8_400, 7_900, 8_800, 25_000]))
        #expect(spike.anomalies.map(\.value) == [25_000])
        #expect(spike.anomalies.first?.date == LocalDate(year: 2026, month: 5, day: 7)!)
        #expect(DailyTrend(days: Self.days([8_200, 7_600, 9_100, 8_400, 7_900, 8_800, 11_000])).anomalies.isEmpty)
        // A low day is marked the same way, and the period before helps judge the spread.
        let low = DailyTrend(
            days: Self.days([2_100, 1_950, 2_200, 2_050, 1_900, 2_150, 717]),
            previous: Self.days([2_000, 2_080, 1_990, 2_120, 2_010, 1_960, 2_060], from: Self.start.adding(days: -7)))
        #expect(low.anomalies.map(\.value) == [717])
    }

    @Test func ordinaryNoiseIsMarkedAsRarelyAsThreeSigmaPromises() {
        // 2,000 weeks of normal noise from a seeded generator: 3σ promises 0.27 % of days.
        var random = SeededRandom(seed: 23)
        var marked = 0
        for _ in 0..<2_000 {
            let week = (0..<7).map { _ in random.normal(mean: 8_000, deviation: 1_500) }
            marked += DailyTrend(days: Self.days(week)).anomalies.count
        }
        #expect(marked > 0, "the test is sensitive: some days of 14,000 are marked")
        #expect(Double(marked) / 14_000 < 0.006)
    }

    @Test func todayIsDrawnButNotJudgedUntilItIsOver() throws {
        // This afternoon's 717 kcal is not an unusual low, and not part of the week's average yet.
        let week = Self.days([2_100, 1_950, 2_200, 2_050, 1_900, 2_150, 717])
        let trend = DailyTrend(days: week, inProgress: week[6].date)
        #expect(trend.anomalies.isEmpty)
        #expect(trend.count == 6)
        #expect(trend.average == 12_350.0 / 6)
        #expect(trend.lowest?.value == 1_900)
        #expect(trend.days[6].value == 717, "still drawn")
        #expect(!DailyTrend(days: Self.days([nil, nil, 1_200]), inProgress: Self.start.adding(days: 2)).hasEnoughPoints)
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
