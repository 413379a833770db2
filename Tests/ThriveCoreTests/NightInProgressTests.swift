import Foundation
import Testing

@testable import ThriveCore

/// The night that ends this morning is judged once the person is up: at half past midnight it is an
/// hour old, not a short night, for the sleep card, the insights and the Fitness score.
@Suite struct NightInProgressTests {
    static let watch = SampleSource(name: "Apple Watch", kind: .device)
    static let zone = TimeZone(identifier: "Europe/Lisbon")!
    static let today = LocalDate(year: 2026, month: 11, day: 26)!

    /// `count` nights before today of 7 h 30 min ± a few minutes, each ending at `wake` (minute of day).
    static func nights(_ count: Int, wake: Int = 7 * 60) -> [DayMetrics] {
        (1...count).map { back in
            let date = today.adding(days: -back)
            var day = DayMetrics(date: date)
            let end = date.start(in: zone).addingTimeInterval(Double(wake * 60))
            let asleep = (7.5 + Double(back % 5 - 2) / 30) * 3_600
            day.sleep = [watch: SleepNight(asleepSeconds: asleep, awakenings: 1, inBedStart: end - asleep - 900, inBedEnd: end)]
            return day
        }
    }

    /// Tonight so far: in bed at 23:15, an hour asleep at 00:30.
    static var tonight: DayMetrics {
        var day = DayMetrics(date: today)
        let start = today.start(in: zone).addingTimeInterval(-45 * 60)
        day.sleep = [watch: SleepNight(asleepSeconds: 3_600, awakenings: 0, inBedStart: start, inBedEnd: start + 4_500)]
        return day
    }

    @Test func theUsualWakeIsTheMedianEndOfTheNightsWithinFourToNoon() {
        #expect(DayClock.usualWake(Self.nights(14, wake: 6 * 60 + 40), zone: Self.zone) == 6 * 60 + 40)
        #expect(DayClock.usualWake(Self.nights(2, wake: 6 * 60), zone: Self.zone) == DayClock.defaultWake, "three nights needed")
        #expect(DayClock.usualWake(Self.nights(5, wake: 3 * 60), zone: Self.zone) == 4 * 60)
        #expect(DayClock.usualWake(Self.nights(5, wake: 13 * 60), zone: Self.zone) == 12 * 60)
    }

    /// Up at 7:00 as a rule: this morning's night counts from 8:00, not a minute before.
    @Test(arguments: [(7 * 60 + 59, false), (8 * 60, true), (30, false)])
    func thisMorningsNightCountsAnHourAfterTheUsualWake(minute: Int, final: Bool) {
        let clock = DayClock(today: Self.today, minuteOfDay: minute, usualWake: 7 * 60)
        #expect(clock.nightIsFinal(on: Self.today) == final)
        #expect(clock.nightIsFinal(on: Self.today.adding(days: -1)))
        #expect(clock.lastFinalNight == (final ? Self.today : Self.today.adding(days: -1)))
    }

    @Test func aNightStillGoingOnIsShownSoFarNotRed() {
        let early = KPIEngine.sleepCard(night: Self.tonight.sleep[Self.watch], final: false)
        #expect(early.status == .soFar)
        #expect(early.detail == Phrase("kpi.sleepLastNight.soFar"))
        #expect(KPIEngine.sleepCard(night: Self.tonight.sleep[Self.watch], final: true).status == .red)
    }

    @Test func anHourIntoTheNightIsNeitherAnAnomalyNorTheShortestNight() {
        let days = HealthDays(Self.nights(30) + [Self.tonight])
        let midnight = DayClock(today: Self.today, minuteOfDay: 30, usualWake: 7 * 60)
        let during = InsightEngine.insights(today: Self.today, days: days, clock: midnight)
        #expect(!during.contains { $0.metric == "sleep" && ($0.kind == .anomaly || $0.date == Self.today) })
        // The same hour of sleep, once the morning is over, is a night to talk about.
        let noon = DayClock(today: Self.today, minuteOfDay: 12 * 60, usualWake: 7 * 60)
        let after = InsightEngine.insights(today: Self.today, days: days, clock: noon)
        #expect(after.contains { $0.metric == "sleep" && $0.kind == .anomaly && $0.date == Self.today })
        #expect(after.contains { $0.metric == "sleep" && $0.kind == .worstDay && $0.date == Self.today })
    }
}
