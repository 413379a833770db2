import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

@Suite("The dashboard")
struct DashboardTests {
    static let evening = ISO8601DateFormatter().date(from: "2026-11-22T19:30:00Z")!

    struct Body: Decodable {
        struct Figure: Decodable {
            let kind: String
            let value: String
            let amount: Double?
            let unit: String
        }
        struct Score: Decodable {
            struct Trend: Decodable { let values: [Double?] }
            let pillar: String
            let href: String
            let score: Int?
            let history: [Int?]
            let trend: Trend?
        }
        struct Focus: Decodable { let title: String }
        struct Moment: Decodable { let kind: String }
        struct Insight: Decodable { let sentence: String }
        let mode: String
        let partOfDay: String
        let isNewPerson: Bool
        let staleNotice: String?
        let focus: Focus?
        let scores: [Score]
        let today: [Figure]
        let insights: [Insight]
        let quickActions: [Dashboard_Action]
        let timeline: [Moment]
        let progress: [Dashboard_Progress]

        func figure(_ kind: String) -> String? { today.first { $0.kind == kind }?.value }
    }
    struct Dashboard_Action: Decodable { let id: String }
    struct Dashboard_Progress: Decodable {
        let kind: String
        let label: String
        let amount: Double
        let goalAmount: Double?
        let unit: String
        let percent: Int?
        let goal: String?
    }

    @Test func aNewPersonIsWelcomedAndTheDashboardFollowsWhatTheyLog() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            let path = "/api/v1/mobile/dashboard"
            let check = SchemaCheck(document: try SchemaJSON.parse(try await browser.get("/api/v1/openapi.json").text))

            let first = try await browser.json(.get, path, bearer: token)
            try check.expectDocumented(first, path, "get")
            let empty = try first.decode(Body.self)
            #expect(empty.mode == "light")
            #expect(empty.isNewPerson)
            #expect(empty.scores.map(\.pillar) == ["fitness", "nutrition", "wellbeing"])
            #expect(empty.scores.map(\.href) == ["/pillars/fitness", "/pillars/nutrition", "/pillars/wellbeing"])
            #expect(empty.scores.allSatisfy { $0.trend == nil }, "trends are Deep mode's")
            #expect(empty.quickActions.map(\.id) == ["logMeal", "logMood", "logWorkout", "insights", "coach", "library"])
            #expect(empty.figure("meals") == "0")
            #expect(empty.partOfDay == "evening")
            #expect(empty.focus?.title == "Your day so far")
            let home = try await browser.get("/")
            #expect(home.text.contains("Welcome! Start by logging your first meal or mood."))

            // Log a meal and a mood: the dashboard changes.
            try await browser.json(
                .post, "/api/v1/entries/meals", #"{"meal":"dinner","name":"Lentil soup","energyKilocalories":320}"#, bearer: token
            )
            try await browser.json(.post, "/api/v1/entries/mood", #"{"mood":4,"energy":3}"#, bearer: token)
            let after = try await browser.json(.get, path, bearer: token).decode(Body.self)
            #expect(!after.isNewPerson)
            #expect(after.figure("meals") == "1")
            #expect(after.figure("mood") == "4/5")
            #expect(after.figure("energy") == "3/5")
            // An app gets the numbers with their units, beside the words the page shows.
            let mood = try #require(after.today.first { $0.kind == "mood" })
            #expect(mood.amount == 4 && mood.unit == "score")
            let meals = try #require(after.today.first { $0.kind == "meals" })
            #expect(meals.amount == 1 && meals.unit == "count")
            #expect(after.today.first { $0.kind == "steps" }?.amount == nil, "nothing recorded is null, not 0")
            let page = try await browser.get("/")
            #expect(!page.text.contains("Welcome! Start by logging"))
            #expect(page.text.contains(#"<span class="figure-label">Meals logged</span><span class="figure-value">1</span>"#))

            let deep = try await browser.json(.get, path + "?mode=deep", bearer: token)
            try check.expectDocumented(deep, path, "get")
            let body = try deep.decode(Body.self)
            #expect(body.mode == "deep")
            #expect(body.scores.allSatisfy { $0.trend?.values.count == 7 })
            #expect(Set(body.timeline.map(\.kind)) == ["mood", "meal"])
            #expect(
                body.progress.map(\.label) == [
                    "Steps today", "Water today", "Workouts this week", "Meal logging streak", "Check-in streak",
                ])
            // Goals get a ring (a percentage and the goal); streaks are a count of days.
            #expect(body.progress.map(\.goal) == ["8,000 steps", "2,000 ml", "4 workouts", nil, nil])
            #expect(body.progress.map(\.percent) == [0, 0, 0, nil, nil])
            #expect(body.progress.map(\.kind) == ["stepsToday", "waterToday", "workoutsThisWeek", "mealStreak", "checkInStreak"])
            #expect(body.progress.map(\.goalAmount) == [8_000, 2, 4, nil, nil])
            #expect(body.progress.map(\.unit) == ["count", "l", "count", "days", "days"])

            // An invalid deep link lands on the dashboard with the spec's message.
            let dead = try await browser.get("/pillars/nutrition/meals/\(UUID())/edit")
            #expect(dead.location == "/?notice=unavailable")
            #expect(try await browser.get("/no/such/screen").location == "/?notice=unavailable")
            #expect(try await browser.get(dead.location!).text.contains("Content unavailable. Showing your dashboard."))

            let bad = try await browser.json(.get, path + "?mode=medium", bearer: token)
            #expect(bad.status == .badRequest)
            #expect(bad.error?.message == "“mode” must be light or deep.")

            // The mode follows the setting, on every device; the page's switch changes it.
            try await browser.get("/")
            let switched = try await browser.post(
                "/profile/settings", form: [("category", "coaching"), ("return", "/"), ("coaching.mode", "deep")])
            #expect(switched.location == "/")
            #expect(try await browser.json(.get, path, bearer: token).decode(Body.self).mode == "deep")
            let deepPage = try await browser.get("/")
            #expect(deepPage.text.contains("Recent activity"))
            #expect(deepPage.text.contains(#"aria-pressed="true">Deep"#))
            #expect(deepPage.text.contains(#"<title id="goal-ring-1-title">Water today: 0 ml of 2,000 ml</title>"#))
            #expect(deepPage.text.contains("0% of 2,000 ml, behind."))
        }
    }

    @Test func aDeviceThatStoppedSyncingIsNamedWithTheAgeOfItsData() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            let twoDaysAgo = Self.evening.addingTimeInterval(-2 * 86_400)
            try await app.store.write { repositories in
                let owner = try #require(try await repositories.accounts.all().first?.id)
                try await repositories.records(of: owner).quantitySamples.store([
                    QuantitySample(
                        id: SampleID(UUID()), type: .stepCount, value: 900, start: twoDaysAgo.addingTimeInterval(-3600),
                        end: twoDaysAgo, source: SampleSource(name: "Pixel Watch", kind: .device))
                ])
            }
            let body = try await browser.json(.get, "/api/v1/mobile/dashboard", bearer: token).decode(Body.self)
            #expect(body.staleNotice == "Data from 20 Nov 2026: Pixel Watch has not synced since. Sync it to update.")
            #expect(try await browser.get("/").text.contains("Pixel Watch has not synced since"))
        }
    }

    @Test func theDemoPersonsDeepDashboardHasTrendsInsightsAndActivity() async throws {
        let clock = TestClock(Self.evening)
        let app = try await TestApp.make(clock: clock)
        let seeder = DemoSeeder(store: app.store, hasher: TestApp.hasher, now: clock.source, ids: .seeded(8))
        _ = try await seeder.ensure(refresh: true, timeZone: TimeZone(identifier: "Europe/London")!)
        try await app.test { browser in
            let token = try await browser.apiLogin(email: DemoPerson.email.value, password: DemoPerson.password).accessToken
            let body = try await browser.json(.get, "/api/v1/mobile/dashboard?mode=deep", bearer: token).decode(Body.self)
            #expect((3...5).contains(body.insights.count), "\(body.insights.count) insights")
            #expect(body.scores.allSatisfy { ($0.trend?.values.compactMap { $0 }.count ?? 0) >= 6 })
            #expect(body.timeline.contains { $0.kind == "meal" })
            #expect(body.staleNotice == nil, "the demo's devices synced today")
            #expect(Int(body.figure("meals") ?? "0") ?? 0 > 0)

            // Today's insights wait behind a badge on the Insights tab until the person opens it.
            try await browser.logIn(email: DemoPerson.email.value, password: DemoPerson.password)
            let count = body.insights.count
            #expect(try await browser.get("/pillars").text.contains(#"<span class="badge-count">"#))
            let insights = try await browser.get("/insights")
            #expect(insights.text.contains("Trends"))
            // Each trend is shown as a chart of its metric, beside the "what affects what" explorer.
            for (phrase, chart) in [
                ("average steps", "chart-steps"), ("average mood", "chart-mood"), ("average sleep", "chart-sleep"),
            ]
            where body.insights.contains(where: { $0.sentence.contains(phrase) }) {
                #expect(insights.text.contains(#"id="\#(chart)-section""#), "\(chart) for the trend in \(phrase)")
            }
            #expect(insights.text.components(separatedBy: #"role="img""#).count >= 3, "a trend chart and the explorer")
            // The Insights tab's badge (the bell may count an alert the demo's data opened).
            #expect(!insights.text.contains(#"Insights <span class="badge-count""#), "opened: no badge")
            #expect(!(try await browser.get("/pillars").text.contains(#"Insights <span class="badge-count""#)))
            #expect(count >= 3)

            // The same insights in German: the engine's phrases, the page's groups.
            let german = try await browser.get("/insights", headers: [.acceptLanguage: "de"]).text
            #expect(german.contains("Dein Durchschnitt ("))
            #expect(!german.contains("Your average"))
        }
    }

    @Test func eachPillarsWeekOfScoresIsASparklineThatSaysWhichWayItGoes() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            // A check-in each evening for two weeks, mood climbing from 1 to 5 and stress falling from 5 to 1.
            let checkIns = (0..<14).map { daysAgo in
                let level = 5 - Int((Double(daysAgo) * 4 / 13).rounded())
                return MoodCheckIn(
                    id: MoodCheckInID(UUID()), recordedAt: Self.evening.addingTimeInterval(Double(-daysAgo) * 86_400 - 3_600),
                    mood: level, energy: level, stress: 6 - level, source: .manualEntry)
            }
            try await app.store.write { repositories in
                let owner = try #require(try await repositories.accounts.all().first?.id)
                try await repositories.records(of: owner).moodCheckIns.store(checkIns)
            }
            let token = try await browser.apiLogin().accessToken
            let body = try await browser.json(.get, "/api/v1/mobile/dashboard", bearer: token).decode(Body.self)
            let wellbeing = try #require(body.scores.first { $0.pillar == "wellbeing" })
            #expect(wellbeing.history.count == 7)
            let week = wellbeing.history.compactMap { $0 }
            #expect(week.count == 7, "\(wellbeing.history)")
            #expect(week == week.sorted(), "a better week each day: \(week)")
            #expect(week.last == wellbeing.score, "the last point is today's score")
            #expect(try #require(week.last) - (try #require(week.first)) > 3)
            let fitness = try #require(body.scores.first { $0.pillar == "fitness" })
            #expect(fitness.history.allSatisfy { $0 == nil }, "no steps, sleep or workouts: no fitness scores")

            let home = try await browser.get("/").text
            #expect(home.contains(#"<svg class="sparkline spark-up" viewBox="0 0 120 40""#))
            #expect(
                home.contains(
                    "aria-label=\"Wellbeing score over 7 days, rising: from \(week.first!) to \(week.last!).\""))
            #expect(home.contains("▲ Rising"))
            #expect(home.components(separatedBy: "class=\"sparkline ").count - 1 == 1, "only the pillar with scores has one")
        }
    }
}
