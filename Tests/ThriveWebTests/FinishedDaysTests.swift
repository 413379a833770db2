import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveWeb

/// Today is not a finished day: the cards wait for the day's meals, a new person's first week is not
/// failed, and under-eating is judged only on days the person says (or their meals show) are fully logged.
@Suite("Finished days")
struct FinishedDaysTests {
    /// Wednesday 18 November 2026, 2 p.m. in UTC.
    static let afternoon = ISO8601DateFormatter().date(from: "2026-11-18T14:00:00Z")!

    struct Cards: Decodable {
        struct Card: Decodable {
            let kind: String
            let status: String
            let detail: String
        }
        let cards: [Card]

        func status(_ kind: String) -> String? { cards.first { $0.kind == kind }?.status }
    }

    struct Alerts: Decodable {
        struct Alert: Decodable { let condition: String }
        let alerts: [Alert]
    }

    @Test func aNewPersonsAfternoonIsSoFarAndTheEveningIsJudged() async throws {
        let clock = TestClock(Self.afternoon)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            let lunch = try await browser.json(
                .post, "/api/v1/entries/meals",
                #"{"meal":"lunch","name":"Pasta","energyKilocalories":717,"proteinGrams":21}"#, bearer: token)
            #expect(lunch.status == .created)

            let afternoon = try await browser.json(.get, "/api/v1/kpis", bearer: token).decode(Cards.self)
            #expect(afternoon.status("caloriesRemaining") == "soFar")
            #expect(afternoon.status("protein") == "soFar")
            #expect(afternoon.status("workoutsThisWeek") == "soFar", "joined on Wednesday: the week is not theirs to fail")
            #expect(afternoon.status("weeklyAdherence") == "soFar")
            #expect(!afternoon.cards.contains { $0.status == "red" })
            #expect(
                afternoon.cards.first { $0.kind == "caloriesRemaining" }?.detail
                    == "717 of 1,650 kcal so far today. Judged after your usual last meal, about 20:00.")
            let home = try await browser.get("/", headers: [.acceptLanguage: "en-US"])
            #expect(home.text.contains("So far"))
            #expect(!home.text.contains("Needs attention"))
            // The meals chart draws today's 717 kcal without calling it an unusual low.
            let meals = try await browser.get("/pillars/nutrition/meals")
            #expect(!meals.text.contains("Unusually low"))

            clock.advance(minutes: 6 * 60)  // 8 p.m.: the usual last meal time has come
            let later = try await browser.apiLogin().accessToken
            let evening = try await browser.json(.get, "/api/v1/kpis", bearer: later).decode(Cards.self)
            #expect(evening.status("caloriesRemaining") == "red")
            #expect(
                evening.cards.first { $0.kind == "caloriesRemaining" }?.detail
                    == "717 of 1,650 kcal eaten: under the safe minimum of 1,200 kcal a day, so this is red whatever the percentage."
            )
        }
    }

    @Test func underEatingIsJudgedOnlyOnFullyLoggedDays() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.afternoon))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            for day in ["2026-11-16", "2026-11-17"] {
                let dinner = try await browser.json(
                    .post, "/api/v1/entries/meals",
                    #"{"meal":"dinner","name":"Soup","energyKilocalories":900,"consumedAt":"\#(day)T19:00:00Z"}"#, bearer: token)
                #expect(dinner.status == .created, "\(dinner.text)")
            }
            func conditions() async throws -> [String] {
                try await browser.json(.get, "/api/v1/alerts", bearer: token).decode(Alerts.self).alerts.map(\.condition)
            }
            #expect(try await !conditions().contains("caloriesBelowFloor"), "a dinner alone is not a day's eating")

            let marked = try await browser.json(
                .put, "/api/v1/entries/meals/days/2026-11-17", #"{"complete":true}"#, bearer: token)
            #expect(marked.status == .ok, "\(marked.text)")
            #expect(marked.text.contains(#""markedComplete":true"#))
            #expect(marked.text.contains(#""complete":true"#))
            #expect(try await !conditions().contains("caloriesBelowFloor"), "one complete day is not two")

            // The second day is marked on its page, as a person would.
            let page = try await browser.get("/pillars/nutrition/meals?date=2026-11-16")
            #expect(page.text.contains("logged everything for this day"))
            #expect(page.text.contains("Not marked as fully logged"))
            let saved = try await browser.post(
                "/pillars/nutrition/meals/complete", form: [("date", "2026-11-16"), ("complete", "true")])
            #expect(saved.status == .seeOther)
            #expect(try await conditions().contains("caloriesBelowFloor"))
            let marked16 = try await browser.get("/pillars/nutrition/meals?date=2026-11-16")
            #expect(marked16.text.contains("You marked this day as fully logged."))
            #expect(marked16.text.contains("Not complete yet"))

            // Bad requests are refused with a reason.
            let future = try await browser.json(
                .put, "/api/v1/entries/meals/days/2026-11-19", #"{"complete":true}"#, bearer: token)
            #expect(future.status == .unprocessableContent)
            #expect(future.error?.code == "future_day")
            let old = try await browser.json(
                .put, "/api/v1/entries/meals/days/2026-08-01", #"{"complete":true}"#, bearer: token)
            #expect(old.error?.message == "Only the last 90 days can be marked as fully logged.")
            let badDate = try await browser.json(
                .put, "/api/v1/entries/meals/days/2026-13-01", #"{"complete":true}"#, bearer: token)
            #expect(badDate.status == .badRequest)
            let badBody = try await browser.json(
                .put, "/api/v1/entries/meals/days/2026-11-17", #"{"complete":"yes"}"#, bearer: token)
            #expect(badBody.status == .badRequest)

            // Taking the mark away takes the day out again.
            try await browser.json(.put, "/api/v1/entries/meals/days/2026-11-17", #"{"complete":false}"#, bearer: token)
            let day = try await browser.json(.get, "/api/v1/entries/meals?date=2026-11-17", bearer: token)
            #expect(day.text.contains(#""markedComplete":false"#))
        }
    }
}

@Suite("KPI cards lead somewhere")
struct KPICardLinksTests {
    struct Cards: Decodable {
        struct Card: Decodable {
            struct Action: Decodable {
                let id: String
                let href: String
            }
            let kind: String
            let href: String
            let quickActions: [Action]
        }
        let cards: [Card]
    }

    @Test func everyCardOpensItsDetailAndItsQuickActionsTheirs() async throws {
        let app = try await TestApp.make(clock: TestClock(FinishedDaysTests.afternoon))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            let cards = try await browser.json(.get, "/api/v1/kpis", bearer: token).decode(Cards.self).cards
            #expect(
                cards.map(\.href) == [
                    "/pillars/fitness/workouts", "/pillars/nutrition/meals", "/pillars/fitness/sleep", "/pillars/fitness/plan",
                    "/pillars/nutrition/meals",
                ])
            #expect(cards[0].quickActions.map(\.id) == ["startWorkout", "recommendedWorkouts"])
            #expect(
                cards[4].quickActions.map(\.href) == ["/pillars/nutrition/meals/add", "/pillars/nutrition/meals#totals-title"])
            let home = try await browser.get("/").text
            for card in cards {
                #expect(home.contains(#"<a class="kpi-link" href="\#(card.href)">"#))
                for action in card.quickActions { #expect(home.contains(#"href="\#(action.href)""#)) }
                for action in card.quickActions {
                    let page = String(action.href.prefix { $0 != "#" })
                    #expect(try await browser.get(page).status == .ok, "\(action.href)")
                }
            }
            // "Start workout" opens the week's next planned session: the first, then the second once one is done.
            let first = try await browser.get("/pillars/fitness/workouts/new?session=next").text
            #expect(first.contains("Filled in from your plan."))
            let plan = try await browser.get("/pillars/fitness/workouts/new?session=0").text
            #expect(first == plan)
            let logged = try await browser.json(
                .post, "/api/v1/entries/workouts",
                #"{"startedAt":"2026-11-18T09:00:00Z","minutes":50,"sets":[{"exercise":"Deadlift","reps":8,"loadKilograms":60}]}"#,
                bearer: token)
            #expect(logged.status == .created, "\(logged.text)")
            let second = try await browser.get("/pillars/fitness/workouts/new?session=next").text
            #expect(second == (try await browser.get("/pillars/fitness/workouts/new?session=1").text))
            let missing = try await browser.get("/pillars/fitness/workouts/new?session=9")
            #expect(missing.location == "/?notice=unavailable", "a session the plan does not have is not offered")
        }
    }
}
