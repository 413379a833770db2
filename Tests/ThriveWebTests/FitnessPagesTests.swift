import Foundation
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

@Suite("Fitness › Activity and Recovery status")
struct FitnessPagesTests {
    static let evening = ISO8601DateFormatter().date(from: "2026-11-22T19:30:00Z")!
    static let watch = SampleSource(name: "Apple Watch", kind: .device)

    static func sample(_ type: QuantityType, _ value: Double, daysAgo: Int, hour: Double = 8) -> QuantitySample {
        let start = Calendar(identifier: .gregorian).startOfDay(for: evening).addingTimeInterval(
            Double(-daysAgo) * 86_400 + hour * 3_600)
        return QuantitySample(
            id: SampleID(UUID()), type: type, value: value, start: start, end: start + 600, source: watch)
    }

    @Test func aNewPersonIsToldWhatWillAppear() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let activity = try await browser.get("/pillars/fitness/activity")
            #expect(activity.status == .ok)
            #expect(activity.text.contains("No steps, active minutes or workouts in the last 7 days yet."))
            let recovery = try await browser.get("/pillars/fitness/recovery")
            #expect(recovery.text.contains("Not enough data"))
            #expect(recovery.text.contains("it needs a week of readings from a watch or ring"))
        }
    }

    @Test func theWeekAndTheRecoveryComeFromThePersonsOwnReadings() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            // 28 days of resting heart rate at 60 bpm, the last three at 66.
            let resting = (0..<28).map { Self.sample(.restingHeartRate, $0 < 3 ? 66 : 60, daysAgo: $0, hour: 6) }
            let samples =
                resting + [
                    Self.sample(.stepCount, 4_000, daysAgo: 0), Self.sample(.stepCount, 2_500, daysAgo: 0, hour: 15),
                    Self.sample(.stepCount, 9_000, daysAgo: 1), Self.sample(.appleExerciseTime, 42, daysAgo: 0),
                    Self.sample(.distanceWalkingRunning, 4_200, daysAgo: 0),
                    Self.sample(.heartRateVariabilitySDNN, 48, daysAgo: 0),
                ]
            try await app.store.write { repositories in
                let owner = try #require(try await repositories.accounts.all().first?.id)
                try await repositories.records(of: owner).quantitySamples.store(samples)
            }

            let activity = try await browser.get("/pillars/fitness/activity").text
            #expect(activity.contains(#"<span class="figure-label">Steps</span><span class="figure-value">6,500</span>"#))
            #expect(activity.contains(#"<span class="figure-value">42 min</span>"#))
            #expect(activity.contains(#"<span class="figure-value">4.2 km</span>"#))
            #expect(activity.contains("Over the last 7 days: 7,750 steps a day (goal 8,000) and 42 active minutes a day."))
            #expect(
                activity.contains(
                    #"<th scope="row">Sat 21 Nov</th><td class="numeric">9,000</td><td class="numeric">–</td>"#))

            // Recovery, in whole bpm as shown: 66 against 61 is 5 above, 1 − 5 / 10 = 0.5, a little above.
            let recovery = try await browser.get("/pillars/fitness/recovery").text
            #expect(recovery.contains("Getting there · 50/100"))
            #expect(recovery.contains("Your resting heart rate is a little above your usual."))
            #expect(recovery.contains("Resting heart rate 66 bpm lately against a 28-day baseline of 61 bpm."))
            #expect(recovery.contains("66 bpm in the last 3 days · usual 61 bpm (28 days)"))
            #expect(
                recovery.contains(#"<th scope="row">Today</th><td class="numeric">66 bpm</td><td class="numeric">48 ms</td>"#))
            #expect(recovery.contains("not a diagnosis"))
        }
    }

    @Test func deepModeShowsTheWeeksRhythmHourByHour() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            // Four Saturday mornings of 4,000 steps at 09:00, and one Monday evening walk of 2,000 at 18:00.
            let samples =
                [1, 8, 15, 22].map { Self.sample(.stepCount, 4_000, daysAgo: $0, hour: 9) } + [
                    Self.sample(.stepCount, 2_000, daysAgo: 6, hour: 18)
                ]
            try await app.store.write { repositories in
                let owner = try #require(try await repositories.accounts.all().first?.id)
                try await repositories.records(of: owner).quantitySamples.store(samples)
            }
            let light = try await browser.get("/pillars/fitness/activity").text
            #expect(!light.contains("Your week, hour by hour"), "heatmaps are Deep mode's (spec F4.3)")

            try await browser.post(
                "/profile/settings", form: [("category", "coaching"), ("return", "/"), ("coaching.mode", "deep")])
            let deep = try await browser.get("/pillars/fitness/activity").text
            #expect(deep.contains("Your week, hour by hour"))
            #expect(
                deep.contains(
                    "Over the last 4 weeks you moved most on Saturdays from 09:00 to 10:00: 4,000 steps on average. Your most active day is Saturday (4,000 steps on average), the quietest Tuesday (0 steps)."
                ))
            #expect(deep.contains(#"data-label="Sat 09:00–10:00: 4,000 steps""#))
            #expect(deep.contains(#"data-label="Mon 18:00–19:00: 500 steps""#), "one Monday in four")
            #expect(
                deep.contains(
                    #"<tr><th scope="row">Saturday</th><td class="numeric">4,000 steps</td><td>09:00 to 10:00</td></tr>"#))
            #expect(deep.contains(#"role="img" aria-labelledby="chart-rhythm-title chart-rhythm-desc""#))
        }
    }
}
