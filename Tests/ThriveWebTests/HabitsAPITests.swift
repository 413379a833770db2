import Foundation
import HTTPTypes
import Testing
import ThriveWeb

/// The habits API through the router, with a person in Berlin and a clock the test moves.
@Suite("Habits through the API")
struct HabitsAPITests {
    struct HabitJSON: Decodable {
        struct Today: Decodable {
            let day: String
            let outcome: String
            let amount: Int
        }
        struct Streak: Decodable {
            let current: Int
            let best: Int
            let unit: String
        }
        let id: String
        let name: String
        let status: String
        let today: Today
        let streak: Streak
        let motivation: String
    }

    struct ListJSON: Decodable {
        let day: String
        let habits: [HabitJSON]
    }

    struct CheckInJSON: Decodable {
        struct Day: Decodable {
            let state: String
            let amount: Int
        }
        let previous: Day?
        let checkIn: Day?
        let habit: HabitJSON
    }

    /// A person signed up (in Berlin) with a token, and the API document to check answers against.
    final class Person {
        let browser: Browser
        let email: String
        var token: String
        let check: SchemaCheck

        init(browser: Browser, email: String, token: String, check: SchemaCheck) {
            self.browser = browser
            self.email = email
            self.token = token
            self.check = check
        }

        static func make(_ browser: Browser, email: String = "ann@example.com") async throws -> Person {
            try await browser.signUp(email: email, timeZone: "Europe/Berlin")
            let token = try await browser.apiLogin(email: email).accessToken
            let document = try SchemaJSON.parse(try await browser.get("/api/v1/openapi.json").text)
            return Person(browser: browser, email: email, token: token, check: SchemaCheck(document: document))
        }

        /// A new token after the clock moved past the last one's life.
        func signInAgain() async throws {
            token = try await browser.apiLogin(email: email).accessToken
        }

        func send(_ method: HTTPRequest.Method, _ path: String, _ body: String? = nil) async throws -> Reply {
            try await browser.json(method, path, body, bearer: token)
        }

        func create(_ body: String) async throws -> HabitJSON {
            let reply = try await send(.post, "/api/v1/habits", body)
            #expect(reply.status == .created, "\(reply.text)")
            try check.expectDocumented(reply, "/api/v1/habits", "post")
            return try reply.decode(HabitJSON.self)
        }

        @discardableResult
        func checkIn(_ habit: String, _ body: String) async throws -> CheckInJSON {
            let reply = try await send(.post, "/api/v1/habits/\(habit)/checkins", body)
            #expect(reply.status == .ok, "\(reply.text)")
            try check.expectDocumented(reply, "/api/v1/habits/{id}/checkins", "post")
            return try reply.decode(CheckInJSON.self)
        }

        func today() async throws -> ListJSON {
            let reply = try await send(.get, "/api/v1/habits")
            try check.expectDocumented(reply, "/api/v1/habits", "get")
            return try reply.decode(ListJSON.self)
        }
    }

    /// Monday 23 November 2026, 08:00 in Berlin.
    static let mondayMorning = ISO8601DateFormatter().date(from: "2026-11-23T07:00:00Z")!

    @Test func aStreakGrowsWithDoneDaysSurvivesASkipAndEndsOnAMissedDay() async throws {
        let clock = TestClock(Self.mondayMorning)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let walk = try await ann.create(#"{"name":"Morning walk","icon":"🚶"}"#)
            #expect(walk.streak.current == 0)
            #expect(walk.today.outcome == "pending")
            #expect(walk.motivation == "Start your streak today.")

            for day in 0..<4 {
                let action = day == 2 ? "skip" : "done"
                try await ann.checkIn(walk.id, #"{"action":"\#(action)"}"#)
                clock.advance(minutes: 24 * 60)
                try await ann.signInAgain()
            }
            // Thursday: done Mon, Tue, Thu… the Wednesday skip neither added nor ended it.
            var list = try await ann.today()
            #expect(list.day == "2026-11-27")
            #expect(list.habits[0].streak.current == 3)
            #expect(list.habits[0].motivation == "Keep your 3-day streak going.")
            // Friday passes with nothing: Saturday's streak is over, the best stays.
            clock.advance(minutes: 24 * 60)
            try await ann.signInAgain()
            list = try await ann.today()
            #expect(list.habits[0].streak.current == 0)
            #expect(list.habits[0].streak.best == 3)
            #expect(list.habits[0].motivation == "A fresh start: begin a new streak today.")
            // Correcting Friday (done after all) folds the history again.
            let friday = try await ann.checkIn(walk.id, #"{"action":"done","day":"2026-11-27"}"#)
            #expect(friday.habit.streak.current == 4)
        }
    }

    @Test func aCountGoesUpOneTapAtATimeAndCanBeUndone() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let water = try await ann.create(#"{"name":"Drink water","measure":"count","target":8,"unit":"glasses"}"#)
            for _ in 0..<3 { try await ann.checkIn(water.id, #"{"action":"add"}"#) }
            let fourth = try await ann.checkIn(water.id, #"{"action":"add"}"#)
            #expect(fourth.previous?.amount == 3)
            #expect(fourth.checkIn?.state == "partial")
            #expect(fourth.habit.today.amount == 4)
            #expect(fourth.habit.motivation == "4 more to reach today’s goal.")
            let full = try await ann.checkIn(water.id, #"{"action":"add","amount":4}"#)
            #expect(full.checkIn?.state == "done")
            #expect(full.habit.streak.current == 1)
            // Undo puts back the day as it was before the last tap.
            let undone = try await ann.checkIn(water.id, #"{"action":"set","amount":4}"#)
            #expect(undone.checkIn?.state == "partial")
            #expect(undone.habit.streak.current == 0)
            let cleared = try await ann.checkIn(water.id, #"{"action":"clear"}"#)
            #expect(cleared.checkIn == nil)
            #expect(cleared.habit.today.outcome == "pending")
        }
    }

    /// 23:30 in Berlin is still that day there, though it is past 22:00 in UTC; half an hour after
    /// midnight in Berlin is the next day.
    @Test func aCheckInBelongsToTheDayWhereThePersonIs() async throws {
        let clock = TestClock(ISO8601DateFormatter().date(from: "2026-11-23T22:30:00Z")!)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let habit = try await ann.create(#"{"name":"Read 10 pages"}"#)
            let late = try await ann.checkIn(habit.id, #"{"action":"done"}"#)
            #expect(late.habit.today.day == "2026-11-23")
            clock.advance(minutes: 60)
            try await ann.signInAgain()
            let list = try await ann.today()
            #expect(list.day == "2026-11-24")
            #expect(list.habits[0].today.outcome == "pending")
            #expect(list.habits[0].streak.current == 1)
        }
    }

    @Test func badInputIsRefusedWithWhatToDo() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let cases: [(String, String, String)] = [  // body, field, message
                (#"{"name":"  "}"#, "name", "Give the habit a name of 1 to 60 characters."),
                (#"{"name":"Walk","timesPerWeek":9}"#, "timesPerWeek", "Times per week must be between 1 and 7."),
                (#"{"name":"Walk","measure":"count"}"#, "target", "Daily target must be between 1 and 1,000."),
                (
                    #"{"name":"Walk","weekdays":[]}"#, "weekdays",
                    "Choose at least one day of the week (1 = Sunday … 7 = Saturday)."
                ),
                (#"{"name":"Walk","reminder":"9am"}"#, "reminder", "The reminder must be a time like 09:00."),
                (
                    #"{"name":"Walk","colour":"red"}"#, "colour",
                    "Unknown field “colour”. Check its spelling against the API document."
                ),
            ]
            for (body, field, message) in cases {
                let reply = try await ann.send(.post, "/api/v1/habits", body)
                #expect(reply.status == (field == "colour" ? .badRequest : .unprocessableContent), "\(body)")
                #expect(reply.error?.field == field, "\(body)")
                #expect(reply.error?.message == message, "\(body)")
                try ann.check.expectDocumented(reply, "/api/v1/habits", "post")
            }
            let walk = try await ann.create(#"{"name":"Walk"}"#)
            let future = try await ann.send(.post, "/api/v1/habits/\(walk.id)/checkins", #"{"action":"done","day":"2026-11-30"}"#)
            #expect(future.error?.message == "Check-ins can be made for today and the 30 days before it.")
            let early = try await ann.send(.post, "/api/v1/habits/\(walk.id)/checkins", #"{"action":"done","day":"2026-11-20"}"#)
            #expect(early.error?.message == "This habit started on Mon 23 Nov; choose a day from then on.")
            #expect(try await ann.today().habits.count == 1, "nothing half-written")
        }
    }

    @Test func pausingArchivingAndAnotherPersonsHabits() async throws {
        let clock = TestClock(Self.mondayMorning)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let walk = try await ann.create(#"{"name":"Walk"}"#)
            let stretch = try await ann.create(#"{"name":"Stretch"}"#)
            try await ann.checkIn(walk.id, #"{"action":"done"}"#)
            let paused = try await ann.send(.patch, "/api/v1/habits/\(walk.id)", #"{"status":"paused"}"#)
            try ann.check.expectDocumented(paused, "/api/v1/habits/{id}", "patch")
            #expect(try await ann.today().habits.map(\.name) == ["Stretch"])
            // Two days paused, then resumed: those days were rest, the streak is still there.
            clock.advance(minutes: 2 * 24 * 60)
            try await ann.signInAgain()
            let resumed = try paused.decode(HabitJSON.self)
            #expect(resumed.status == "paused")
            let back = try await ann.send(.patch, "/api/v1/habits/\(walk.id)", #"{"status":"active"}"#)
            #expect(try back.decode(HabitJSON.self).streak.current == 1)
            _ = try await ann.send(.patch, "/api/v1/habits/\(stretch.id)", #"{"status":"archived"}"#)
            #expect(try await ann.today().habits.map(\.name) == ["Walk"])
            let all = try await ann.send(.get, "/api/v1/habits?status=all")
            #expect(try all.decode(ListJSON.self).habits.map(\.status) == ["active", "archived"])

            // Another person cannot see, change or check in Ann's habit.
            let bob = try await Person.make(browser.fresh(), email: "bob@example.com")
            #expect(try await bob.send(.get, "/api/v1/habits/\(walk.id)").status == .notFound)
            #expect(try await bob.send(.post, "/api/v1/habits/\(walk.id)/checkins", #"{"action":"done"}"#).status == .notFound)
            #expect(try await bob.send(.delete, "/api/v1/habits/\(walk.id)").status == .notFound)
            #expect(try await ann.send(.delete, "/api/v1/habits/\(stretch.id)").status == .noContent)
            #expect(try await ann.send(.get, "/api/v1/habits/\(stretch.id)").status == .notFound)
        }
    }

    struct ProgressJSON: Decodable {
        struct Completion: Decodable {
            let achieved: Double
            let expected: Double
            let rate: Double?
        }
        struct Completions: Decodable {
            let today: Completion
            let week: Completion
            let month: Completion
        }
        struct Habit: Decodable {
            let name: String
            let week: [String]
            let doneInMonth: Int
        }
        struct Day: Decodable {
            let day: String
            let rate: Double?
        }
        let day: String
        let completion: Completions
        let habits: [Habit]
        let trend: [Day]
        let calendar: [Day]
    }

    @Test func progressCountsTheWeekAndTheMonthInThePersonsDays() async throws {
        let clock = TestClock(Self.mondayMorning)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let walk = try await ann.create(#"{"name":"Morning walk"}"#)
            // Monday done, Tuesday skipped, Wednesday missed, Thursday done; Friday is today.
            for action in ["done", "skip", nil, "done"] {
                if let action { try await ann.checkIn(walk.id, #"{"action":"\#(action)"}"#) }
                clock.advance(minutes: 24 * 60)
                try await ann.signInAgain()
            }
            let reply = try await ann.send(.get, "/api/v1/habits/progress")
            #expect(reply.status == .ok)
            try ann.check.expectDocumented(reply, "/api/v1/habits/progress", "get")
            let progress = try reply.decode(ProgressJSON.self)
            #expect(progress.day == "2026-11-27")
            #expect(progress.completion.today.expected == 1 && progress.completion.today.achieved == 0)
            #expect(progress.completion.week.achieved == 2 && progress.completion.week.expected == 3)
            #expect(progress.completion.month.rate == 0.667)
            #expect(progress.habits[0].week == ["done", "skipped", "missed", "done", "pending", "future", "future"])
            #expect(progress.habits[0].doneInMonth == 2)
            #expect(progress.trend.count == 30 && progress.trend.last?.day == "2026-11-27")
            #expect(progress.trend.suffix(5).map(\.rate) == [1, nil, 0, 1, 0])
            #expect(progress.calendar.count == 84 && progress.calendar.last?.day == "2026-11-29")
            // The page shows the same.
            _ = try await browser.logIn()
            let page = try await browser.get("/pillars/wellbeing/habits/progress")
            #expect(page.text.contains("67%"))
            #expect(page.text.contains("2 done in the last 30 days"))
            #expect(page.text.contains("Level 1 of 5 · Beginner"))
            #expect(page.text.contains("No badges yet. Seven mornings in a row earn the first."))
        }
    }
}
