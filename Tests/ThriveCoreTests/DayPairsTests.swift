import Foundation
import Testing

@testable import ThriveCore

@Suite("What affects what: pairing two metrics by day")
struct DayPairsTests {
    static let start = LocalDate(year: 2026, month: 11, day: 1)!

    static func days(_ values: [Double?]) -> [LocalDate: Double] {
        var days: [LocalDate: Double] = [:]
        for (offset, value) in values.enumerated() { if let value { days[start.adding(days: offset)] = value } }
        return days
    }

    @Test func sameDayPairsGiveAnscombesCoefficient() throws {
        // Anscombe (1973), data set I, one pair a day: r = 0.816, a strong link.
        let pairs = DayPairs(
            x: Self.days([10, 8, 13, 9, 11, 14, 6, 4, 12, 7, 5]),
            y: Self.days([8.04, 6.95, 7.58, 8.81, 8.33, 9.96, 7.24, 4.26, 10.84, 4.82, 5.68]), lagDays: 0)
        #expect(pairs.pairs.count == 11)
        let r = try #require(pairs.correlation)
        #expect(abs(r - 0.816) < 0.0005)
        #expect(DayPairs.Strength(r) == .strong)
    }

    @Test func theNextDaysValueIsPairedWithTheDayBefore() {
        // Sleep on nights 1…8, mood the day after each: the mood is the sleep shifted by a day.
        let sleep = Self.days([6, 7, 8, 6, 7, 8, 6, 7, nil])
        let mood = Self.days([nil, 2, 3, 4, 2, 3, 4, 2, 3])
        let nextDay = DayPairs(x: sleep, y: mood, lagDays: 1)
        #expect(nextDay.pairs.count == 8)
        #expect(nextDay.pairs.first == DayPairs.Pair(date: Self.start, x: 6, y: 2))
        #expect(abs((nextDay.correlation ?? 0) - 1) < 1e-9, "a perfect link a day later")
        let sameDay = DayPairs(x: sleep, y: mood, lagDays: 0)
        #expect(sameDay.pairs.count == 7, "day 1 has no mood and day 9 no sleep")
        #expect((sameDay.correlation ?? 1) < 0, "the same day, the pattern is out of step")
    }

    @Test(arguments: [(0.05, DayPairs.Strength.none), (-0.2, .weak), (0.35, .moderate), (-0.62, .strong)])
    func strengthFollowsTheSizeOfR(r: Double, strength: DayPairs.Strength) {
        #expect(DayPairs.Strength(r) == strength)
    }

    @Test func tooFewDaysHaveNoCoefficient() {
        let pairs = DayPairs(x: Self.days([1, 2, 3, 4, 5, 6]), y: Self.days([2, 4, 6, 8, 10, 12]), lagDays: 0)
        #expect(!pairs.hasEnoughPairs)
        #expect(pairs.correlation == nil)
    }
}
