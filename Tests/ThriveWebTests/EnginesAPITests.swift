import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

@Suite("Health engines through the API")
struct EnginesAPITests {
    static let evening = ISO8601DateFormatter().date(from: "2026-11-22T19:30:00Z")!

    @Test func aNewPersonIsToldWhatIsMissingInsteadOfGivenFakeNumbers() async throws {
        try await TestApp.make().test { browser in
            try await browser.signUp(onboard: false)
            let token = try await browser.apiLogin().accessToken
            let plan = try await browser.json(.get, "/api/v1/plan/nutrition", bearer: token)
            #expect(plan.status == .unprocessableContent)
            #expect(plan.error?.code == "profile_incomplete")
            #expect(
                plan.error?.message == "Add your date of birth, sex, height, weight to your profile, and your plan appears here.")
            let kpis = try await browser.json(.get, "/api/v1/kpis", bearer: token)
            #expect(kpis.status == .ok)
            #expect(try kpis.decode(FinishedDaysTests.Cards.self).status("caloriesRemaining") == "noData")
            let scores = try await browser.json(.get, "/api/v1/scores", bearer: token)
            #expect(scores.text.components(separatedBy: #""state":"insufficientData""#).count == 4)
            #expect(!scores.text.contains(#""score":"#))
            #expect(try await browser.json(.get, "/api/v1/alerts", bearer: token).text.contains(#""alerts":[]"#))
            #expect(try await browser.json(.get, "/api/v1/insights", bearer: token).text == #"{"insights":[]}"#)
            #expect(try await browser.get("/").location == "/onboarding", "the pages wait for onboarding")
            try await browser.completeOnboarding()
            let home = try await browser.get("/")
            #expect(home.text.contains("Not enough data"))
            #expect(home.text.contains("Workouts this week"))
        }
    }

    @Test func preferencesShapeThePlansAndBadValuesAreRefused() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            let owner = try await app.store.read { try await $0.accounts.find(email: try EmailAddress("ann@example.com"))!.id }
            try await app.store.write { repositories in
                try await repositories.records(of: owner).profile.save(
                    Profile(
                        displayName: "Ann", dateOfBirth: LocalDate(year: 1990, month: 1, day: 1), sex: .female,
                        height: Length(centimetres: 168),
                        weight: Mass(kilograms: 70), timeZoneIdentifier: "Europe/Berlin"), at: Self.evening)
            }
            let update =
                #"{"activity":"moderate","goal":"lose","targetRateKilogramsPerWeek":0.5,"training":{"emphasis":"strength","sessionsPerWeek":3,"sessionMinutes":45,"equipment":["dumbbells"],"injuries":["knee"]}}"#
            let saved = try await browser.json(.put, "/api/v1/plan/preferences", update, bearer: token)
            #expect(saved.status == .ok, "\(saved.text)")
            #expect(saved.text.contains(#""startedOn":"2026-11-22""#))
            let plan = try await browser.json(.get, "/api/v1/plan/nutrition", bearer: token)
            #expect(plan.status == .ok)
            // 36 years, 168 cm, 70 kg: BMR 1409 (the floor), maintenance 1409 × 1.55 = 2184, − 550 → 1630.
            #expect(plan.text.contains(#""bmr":1409"#))
            #expect(plan.text.contains(#""tdee":2184"#))
            #expect(plan.text.contains(#""calories":1630"#))
            #expect(plan.text.contains(#""rule":"weight-loss-deficit""#))
            let training = try await browser.json(.get, "/api/v1/plan/training", bearer: token)
            #expect(training.status == .ok)
            struct Program: Decodable {
                struct Session: Decodable {
                    struct Planned: Decodable {
                        struct Exercise: Decodable { let name: String }
                        let exercise: Exercise
                    }
                    let exercises: [Planned]
                }
                let sessions: [Session]
            }
            let chosen = try training.decode(Program.self).sessions.flatMap(\.exercises).map(\.exercise.name)
            #expect(chosen.contains("Glute bridge"), "knee injury and no barbell: the squat slot falls back")
            #expect(!chosen.contains("Back squat"))
            #expect(!chosen.contains("Bench press"))
            #expect(training.text.components(separatedBy: #""warmUpMinutes":8"#).count == 4)

            for (body, status, field) in [
                (#"{"activity":"couch"}"#, 400, "activity"),
                (#"{"targetRateKilogramsPerWeek":-1}"#, 422, "targetRateKilogramsPerWeek"),
                (#"{"training":{"sessionsPerWeek":12}}"#, 422, "training.sessionsPerWeek"),
                (#"{"refeedCap":900}"#, 422, "refeedCap"),
                (#"{"preferredSources":{"HKQuantityTypeIdentifierSteps":"Watch"}}"#, 422, "preferredSources"),
                (#"{"mood":"great"}"#, 400, "mood"),
            ] {
                let reply = try await browser.json(.put, "/api/v1/plan/preferences", body, bearer: token)
                #expect(reply.status.code == status, "\(body): \(reply.text)")
                #expect(reply.error?.field == field, "\(body): \(reply.text)")
            }
            for query in ["date=2026-11-23", "date=yesterday", "date=2026-02-30"] {
                let reply = try await browser.json(.get, "/api/v1/kpis?\(query)", bearer: token)
                #expect(reply.status == .badRequest, "\(query)")
                #expect(reply.error?.field == "date")
            }
            #expect(
                try await browser.json(.get, "/api/v1/scores?date=2026-11-20", bearer: token).text.contains(
                    #""date":"2026-11-20""#))
        }
    }

    @Test func aHighRestingHeartRateOpensOneAlertThatCanBeAcknowledged() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            let upload =
                #"{"quantitySamples":[{"type":"HKQuantityTypeIdentifierRestingHeartRate","value":108,"start":"2026-11-21T07:00:00Z","source":{"name":"Apple Watch"},"syncIdentifier":"rhr-0"},{"type":"HKQuantityTypeIdentifierRestingHeartRate","value":112,"start":"2026-11-22T07:00:00Z","source":{"name":"Apple Watch"},"syncIdentifier":"rhr-1"}]}"#
            // Uploaded through the API, an app's data: two days in a row above 100 (one from a device would do).
            #expect(try await browser.json(.post, "/api/v1/samples", upload, bearer: token).status == .ok)
            struct Alerts: Decodable {
                struct Alert: Decodable {
                    let id: String
                    let condition: String
                    let message: String
                    let open: Bool
                    let acknowledgedAt: Date?
                }
                let alerts: [Alert]
                let emergencyAdvice: String
            }
            let first = try await browser.json(.get, "/api/v1/alerts", bearer: token).decode(Alerts.self)
            #expect(first.alerts.map(\.condition) == ["restingHeartRateHigh"])
            #expect(first.alerts[0].message.hasPrefix("Your resting heart rate was 112 bpm on Sun 22 Nov, above 100 bpm."))
            #expect(first.emergencyAdvice.contains("911"))
            let again = try await browser.json(.get, "/api/v1/alerts", bearer: token).decode(Alerts.self)
            #expect(again.alerts.count == 1, "one open alert per condition")
            #expect(again.alerts[0].id == first.alerts[0].id)

            let acknowledged = try await browser.json(.post, "/api/v1/alerts/\(first.alerts[0].id)/acknowledge", bearer: token)
            #expect(acknowledged.status == .ok)
            #expect(acknowledged.text.contains(#""open":true"#))
            #expect(acknowledged.text.contains(#""acknowledgedAt":"2026-11-22T19:30:00Z""#))
            #expect(
                try await browser.json(.post, "/api/v1/alerts/\(UUID().uuidString)/acknowledge", bearer: token).status
                    == .notFound)
            #expect(try await browser.json(.post, "/api/v1/alerts/not-an-id/acknowledge", bearer: token).status == .notFound)

            let home = try await browser.get("/")
            #expect(home.text.contains("Resting heart rate above 100 bpm"))
            #expect(home.text.contains("You have seen this."))

            let other = browser.fresh()
            try await other.signUp(email: "bob@example.com")
            let bob = try await other.apiLogin(email: "bob@example.com").accessToken
            #expect(
                try await other.json(.post, "/api/v1/alerts/\(first.alerts[0].id)/acknowledge", bearer: bob).status == .notFound)
            #expect(try await other.json(.get, "/api/v1/alerts", bearer: bob).text.contains(#""alerts":[]"#))
        }
    }

    @Test func anOverviewOfAPastDayFindsWhatHappenedThenButRecordsNoAlert() async throws {
        let clock = TestClock(Self.evening)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            let upload =
                #"{"quantitySamples":[{"type":"HKQuantityTypeIdentifierRestingHeartRate","value":112,"start":"2026-11-22T07:00:00Z","source":{"name":"Apple Watch","kind":"device"},"syncIdentifier":"rhr-today"},{"type":"HKQuantityTypeIdentifierRestingHeartRate","value":115,"start":"2026-11-10T07:00:00Z","source":{"name":"Apple Watch","kind":"device"},"syncIdentifier":"rhr-past"},{"type":"HKQuantityTypeIdentifierRestingHeartRate","value":104,"start":"2026-11-09T07:00:00Z","source":{"name":"Apple Watch"},"syncIdentifier":"rhr-past-0"},{"type":"HKQuantityTypeIdentifierRestingHeartRate","value":108,"start":"2026-11-21T07:00:00Z","source":{"name":"Apple Watch"},"syncIdentifier":"rhr-yesterday"}]}"#
            #expect(try await browser.json(.post, "/api/v1/samples", upload, bearer: token).status == .ok)
            let owner = try await app.store.read { try await $0.accounts.find(email: try EmailAddress("ann@example.com"))!.id }
            let engines = HealthEngineService(store: app.store, now: clock.source, ids: .random)

            let past = try await engines.overview(owner, on: LocalDate(year: 2026, month: 11, day: 10))
            #expect(past.findings.map(\.condition) == [.restingHeartRateHigh])
            #expect(
                past.findings[0].message[0]
                    == Phrase(
                        "safety.restingHeartRateHigh.message",
                        ["bpm": .integer(115), "date": .date(LocalDate(year: 2026, month: 11, day: 10)!)]))
            #expect(past.alerts.isEmpty, "alerts are recorded only for today")
            #expect(past.scores.count == 3)
            #expect(past.cards.map(\.kind).contains(.sleepLastNight))
            #expect(try await engines.overview(owner, on: LocalDate(year: 2026, month: 11, day: 21)).findings.isEmpty)

            let today = try await engines.overview(owner)
            #expect(today.date == LocalDate(year: 2026, month: 11, day: 22))
            #expect(today.alerts.map(\.condition) == [.restingHeartRateHigh])
            #expect(today.alerts[0].message.first?.values["bpm"] == .integer(112))
            let stored = try await browser.json(.get, "/api/v1/alerts", bearer: token).text
            #expect(
                stored.contains(
                    "Your resting heart rate was 112 bpm on Sun 22 Nov, above 100 bpm. If you also feel unwell, pause exercise. Please contact your doctor"
                ), "the stored alert reads as a sentence in the API")
            let spanish = try await browser.json(.get, "/api/v1/alerts", bearer: token, headers: [.acceptLanguage: "es"]).text
            #expect(spanish.contains("Tu frecuencia cardiaca en reposo fue de 112 lpm el dom 22 nov"), "\(spanish)")
            #expect(stored.components(separatedBy: #""condition":"#).count == 2, "one alert, from today: \(stored)")
            await #expect(throws: AppError.self) {
                try await engines.overview(owner, on: LocalDate(year: 2026, month: 11, day: 23))
            }
        }
    }

    @Test func recoveryComparesTheLastThreeDaysWithTwentyEightDaysOfRestingHeartRate() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            // 14 days at 50 bpm, 11 at 60, the last 3 at 66: the 28-day mean is 55.6; two weeks alone would give 61.3.
            let samples = (0..<28).map { back -> String in
                let day = LocalDate(year: 2026, month: 11, day: 22)!.adding(days: -back)
                let value = back < 3 ? 66 : back < 14 ? 60 : 50
                return
                    #"{"type":"HKQuantityTypeIdentifierRestingHeartRate","value":\#(value),"start":"\#(day.iso8601)T07:00:00Z","source":{"name":"Apple Watch","kind":"device"},"syncIdentifier":"rhr-\#(back)"}"#
            }
            let upload = #"{"quantitySamples":[\#(samples.joined(separator: ","))]}"#
            #expect(try await browser.json(.post, "/api/v1/samples", upload, bearer: token).status == .ok)
            let scores = try await browser.json(.get, "/api/v1/scores", bearer: token).text
            #expect(scores.contains("Resting heart rate 66 bpm lately against a 28-day baseline of 56 bpm."), "\(scores)")
        }
    }

    @Test func theDemoPersonGetsEveryEngine() async throws {
        let clock = TestClock(Self.evening)
        let app = try await TestApp.make(clock: clock)
        let seeder = DemoSeeder(store: app.store, hasher: TestApp.hasher, now: clock.source, ids: .seeded(8))
        _ = try await seeder.ensure(refresh: true, timeZone: TimeZone(identifier: "Europe/London")!)
        try await app.test { browser in
            let token = try await browser.apiLogin(email: DemoPerson.email.value, password: DemoPerson.password).accessToken
            let plan = try await browser.json(.get, "/api/v1/plan/nutrition", bearer: token)
            #expect(plan.status == .ok)
            #expect(plan.text.contains(#""goal":"lose""#))
            let training = try await browser.json(.get, "/api/v1/plan/training", bearer: token)
            #expect(training.text.contains(#""emphasis":"hybrid""#))
            #expect(training.text.contains(#""load":{"kilograms":"#), "loads come from the demo person's history")
            let scores = try await browser.json(.get, "/api/v1/scores", bearer: token)
            #expect(scores.text.components(separatedBy: #""score":"#).count == 4, "\(scores.text)")
            let kpis = try await browser.json(.get, "/api/v1/kpis", bearer: token)
            #expect(kpis.text.contains(#""kind":"sleepLastNight""#))
            let insights = try await browser.json(.get, "/api/v1/insights", bearer: token)
            #expect(insights.text.contains(#""kind":"trend""#))
            try await browser.logIn(email: DemoPerson.email.value, password: DemoPerson.password)
            let home = try await browser.get("/")
            #expect(home.text.contains("Your pillars"))
            #expect(home.text.contains("class=\"score-tile pillar-fitness\""))
            #expect(home.text.contains("Calories remaining"))
        }
    }
}
