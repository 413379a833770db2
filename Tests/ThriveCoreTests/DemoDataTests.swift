import Foundation
import Testing
import ThriveCore

@Suite("Demo data")
struct DemoDataTests {
    static let zone = TimeZone(identifier: "Europe/London")!
    static let lastDay = LocalDate(year: 2026, month: 11, day: 22)!
    static let year: [DemoDay] = Array(
        DemoDataGenerator(lastDay: lastDay, timeZone: zone, ids: .seeded(1)).days())

    var all: HealthRecords {
        Self.year.reduce(into: HealthRecords()) { $0.append($1.records) }
    }

    @Test func coversAYearEndingOnTheGivenDay() {
        #expect(Self.year.count == 365)
        #expect(Self.year.first?.date.iso8601 == "2025-11-23")
        #expect(Self.year.last?.date.iso8601 == "2026-11-22")
    }

    @Test func isReproducibleFromItsSeed() {
        let again = DemoDataGenerator(lastDay: Self.lastDay, timeZone: Self.zone, ids: .seeded(99)).day(200)
        let original = Self.year[200].records
        #expect(again.records.quantitySamples.map(\.value) == original.quantitySamples.map(\.value))
        #expect(again.records.workouts.map(\.sets) == original.workouts.map(\.sets))
        let otherSeed = DemoDataGenerator(seed: 7, lastDay: Self.lastDay, timeZone: Self.zone, ids: .seeded(1)).day(200)
        #expect(otherSeed.records.quantitySamples.map(\.value) != original.quantitySamples.map(\.value))
    }

    @Test func everyRecordPassesTheSameValidationAsUserInput() throws {
        let records = all
        for sample in records.quantitySamples { _ = try sample.validated() }
        for sample in records.categorySamples { _ = try sample.validated() }
        for workout in records.workouts { _ = try workout.validated() }
        for entry in records.foodLog { _ = try entry.validated() }
        for checkIn in records.moodCheckIns { _ = try checkIn.validated() }
        let identifiers = records.quantitySamples.compactMap(\.sync?.identifier)
        #expect(Set(identifiers).count == identifiers.count)
    }

    @Test func strengthSessionsFollowTheWeeklyRhythm() {
        let calendar = { () -> Calendar in
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = Self.zone
            return calendar
        }()
        let strength = all.workouts.filter { $0.activityType == .traditionalStrengthTraining }
        let weekdays = Set(strength.map { calendar.component(.weekday, from: $0.start) })
        // Monday, Wednesday and Friday evenings only; most of the 156 planned sessions happen.
        #expect(weekdays.isSubset(of: [2, 4, 6]))
        #expect((110...150).contains(strength.count))
        #expect(
            strength.allSatisfy { calendar.component(.hour, from: $0.start) >= 17 },
            "\(strength.filter { calendar.component(.hour, from: $0.start) < 17 }.map(\.start))")
    }

    @Test func weightTrendsDownAboutFourAndAHalfKilograms() throws {
        let weights = all.quantitySamples.filter { $0.type == .bodyMass }
        let firstMonth = weights.prefix(20).map(\.value).reduce(0, +) / 20
        let lastMonth = weights.suffix(20).map(\.value).reduce(0, +) / 20
        #expect((3.5...5.5).contains(firstMonth - lastMonth))
        #expect((200...300).contains(weights.count), "most mornings, not every one")
    }

    @Test func someDaysAreMissingAndSomeAreOutliers() {
        let daysWithoutHeartRate = Self.year.filter { day in !day.records.quantitySamples.contains { $0.type == .heartRate } }
        #expect((3...25).contains(daysWithoutHeartRate.count))
        let daysWithoutMeals = Self.year.filter { $0.records.foodLog.isEmpty }
        #expect(daysWithoutMeals.count >= 20)
        let bigStepDays = Self.year.filter { day in
            day.records.quantitySamples.filter { $0.type == .stepCount && $0.source.name == "Apple Watch" }.map(\.value)
                .reduce(0, +) > 20_000
        }
        #expect(!bigStepDays.isEmpty)
    }

    @Test func nightsHaveRealisticSleepArchitecture() {
        let nights = Self.year.map { day in
            day.records.categorySamples.filter { $0.type == .sleepAnalysis && SleepStage(rawValue: $0.value)?.isAsleep == true }
        }.filter { !$0.isEmpty }
        let hours = nights.map { $0.map { $0.end.timeIntervalSince($0.start) }.reduce(0, +) / 3_600 }
        let average = hours.reduce(0, +) / Double(hours.count)
        #expect((6.3...7.8).contains(average))
        #expect(hours.allSatisfy { (3.5...10).contains($0) })
        let deep = nights.flatMap { $0 }.filter { $0.value == SleepStage.asleepDeep.rawValue }
        #expect(!deep.isEmpty)
    }

    @Test func mealsAddUpToAPlausibleDailyIntake() {
        let loggedDays = Self.year.filter { $0.records.foodLog.count >= 3 }
        let totals = loggedDays.map { $0.records.foodLog.map(\.energyKilocalories).reduce(0, +) }
        let average = totals.reduce(0, +) / Double(totals.count)
        #expect((1_500...2_300).contains(average))
        for entry in all.foodLog {
            let atwater = 4 * entry.proteinGrams + 4 * entry.carbohydrateGrams + 9 * entry.fatGrams
            #expect(abs(atwater - entry.energyKilocalories) <= 1)
        }
    }

    @Test func nothingIsDatedAfterNow() throws {
        let now = try #require(ISO8601DateFormatter().date(from: "2026-11-22T10:00:00Z"))
        let today = DemoDataGenerator(lastDay: Self.lastDay, timeZone: Self.zone, ids: .seeded(1), notAfter: now).day(364)
        #expect(today.records.quantitySamples.allSatisfy { $0.start <= now })
        #expect(today.records.moodCheckIns.isEmpty)
    }

    @Test func theHeavyScaleRecordsEveryMinute() {
        let generator = DemoDataGenerator(scale: .heavy, lastDay: Self.lastDay, timeZone: Self.zone, ids: .seeded(1))
        #expect(generator.dayCount == 1_825)
        let day = (0..<10).map { generator.day($0) }.first {
            $0.records.quantitySamples.contains { $0.type == .restingHeartRate }
        }
        #expect(day?.records.quantitySamples.filter { $0.type == .heartRate }.count == 1_440)
    }

    /// The habits benchmark's person: twenty habits, the first of them kept for five years.
    @Test func theHeavyPersonKeepsTwentyHabitsForFiveYears() {
        let heavy = DemoHabits(
            scale: .heavy, today: Self.lastDay, timeZone: Self.zone, ids: .seeded(1), createdAt: Date(timeIntervalSince1970: 0))
        #expect(heavy.habits.count == 20)
        #expect(heavy.habits.map(\.startedOn).min()! <= Self.lastDay.adding(days: -5 * 365))
        #expect(heavy.checkIns.count > 20_000)
        #expect(heavy.checkIns.allSatisfy { $0.day < Self.lastDay }, "today is left for the person")
    }
}
