import Foundation
import HTTPTypes
import Testing
import ThriveCore

@testable import ThriveWeb

/// Programs through the API and the pages, with a person in Berlin and a clock the test moves.
@Suite("Programs")
struct ProgramsTests {
    struct ProgramJSON: Decodable {
        struct Enrollment: Decodable {
            let status: String
            let startedOn: String
            let currentDay: Int?
            let completedDays: [Int]
            let progress: Double
        }
        struct Day: Decodable {
            let number: Int
            let title: String
            let lesson: String?
            let done: Bool
            let reached: Bool
        }
        struct Stats: Decodable {
            let consistency: Double?
            let streak: Int
            let lessonsDone: Int
            let badgesEarned: Int
        }
        let id: String
        let title: String
        let length: Int
        let enrollment: Enrollment?
        let stats: Stats?
        let days: [Day]
    }

    struct ListJSON: Decodable {
        let day: String
        let programs: [ProgramJSON]
    }

    @Test func theLibraryShipsAtLeastFiveWholePrograms() throws {
        let library = try ProgramLibrary.load()
        #expect(library.programs.count >= 5)
        let ids = Set(library.programs.map(\.id.rawValue))
        #expect(ids.isSuperset(of: ["sleep-reset", "strength-basics", "walk-every-day", "mindful-minutes"]))
        #expect(library.program(.init("sleep-reset")!)?.length == 14)
        #expect(library.program(.init("strength-basics")!)?.length == 28)
        for program in library.programs {
            #expect(program.length >= 7, "\(program.id) is a program of days")
            #expect(!program.habits.isEmpty, "\(program.id) adds at least one habit")
        }
        for goal in CoachingGoal.allCases {
            #expect(!library.suggested(for: goal).isEmpty, "a program for \(goal)")
        }
    }

    @Test func joiningAddsTheHabitsDaysFollowTheCalendarAndLeavingArchivesThem() async throws {
        let clock = TestClock(HabitsAPITests.mondayMorning)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            let ann = try await HabitsAPITests.Person.make(browser)
            let library = try await ann.send(.get, "/api/v1/programs")
            try ann.check.expectDocumented(library, "/api/v1/programs", "get")
            let list = try library.decode(ListJSON.self)
            #expect(list.day == "2026-11-23")
            #expect(list.programs.contains { $0.id == "sleep-reset" && $0.length == 14 && $0.enrollment == nil })
            #expect(list.programs.allSatisfy { $0.days.allSatisfy { $0.lesson == nil } }, "lessons come one program at a time")

            let joined = try await ann.send(.post, "/api/v1/programs/sleep-reset/enroll")
            #expect(joined.status == .created, "\(joined.text)")
            try ann.check.expectDocumented(joined, "/api/v1/programs/{id}/enroll", "post")
            let sleep = try joined.decode(ProgramJSON.self)
            #expect(sleep.enrollment?.currentDay == 1)
            #expect(sleep.enrollment?.startedOn == "2026-11-23")
            #expect(sleep.days[0].lesson?.contains("when you get up") == true)
            #expect(sleep.days.map(\.reached) == [true] + Array(repeating: false, count: 13))
            let habits = try await ann.today().habits.map(\.name)
            #expect(habits == ["Same wake time", "Morning daylight", "Screens away an hour before bed"])

            let twice = try await ann.send(.post, "/api/v1/programs/sleep-reset/enroll")
            #expect(twice.status == .conflict)
            #expect(twice.text.contains("You’re already in Sleep reset."))

            let early = try await ann.send(.post, "/api/v1/programs/sleep-reset/days/2/complete")
            #expect(early.status == .unprocessableContent)
            #expect(early.text.contains("Day 2 hasn’t come yet."))
            let beyond = try await ann.send(.post, "/api/v1/programs/sleep-reset/days/15/complete")
            #expect(beyond.text.contains("This program has 14 days."))
            let first = try await ann.send(.post, "/api/v1/programs/sleep-reset/days/1/complete")
            try ann.check.expectDocumented(first, "/api/v1/programs/{id}/days/{day}/complete", "post")
            #expect(try first.decode(ProgramJSON.self).enrollment?.completedDays == [1])

            // Tuesday in Berlin (23:30 UTC Monday is already 00:30 Tuesday there).
            clock.advance(minutes: 16.5 * 60)
            try await ann.signInAgain()
            let tuesday = try await ann.send(.get, "/api/v1/programs/sleep-reset")
            try ann.check.expectDocumented(tuesday, "/api/v1/programs/{id}", "get")
            let now = try tuesday.decode(ProgramJSON.self)
            #expect(now.enrollment?.currentDay == 2)
            #expect(now.stats?.lessonsDone == 1)
            #expect(now.stats?.consistency == 0, "Monday's three habits were not done")
            #expect(now.stats?.streak == 0)
            #expect(abs((now.enrollment?.progress ?? 0) - 1.0 / 14) < 1e-9)
            let second = try await ann.send(.post, "/api/v1/programs/sleep-reset/days/2/complete")
            #expect(second.status == .ok)

            let left = try await ann.send(.post, "/api/v1/programs/sleep-reset/leave")
            try ann.check.expectDocumented(left, "/api/v1/programs/{id}/leave", "post")
            #expect(try left.decode(ProgramJSON.self).enrollment?.status == "left")
            #expect(try await ann.today().habits.isEmpty, "its habits left today's list")
            let all = try await ann.send(.get, "/api/v1/habits?status=all").decode(HabitsAPITests.ListJSON.self)
            #expect(all.habits.map(\.status) == ["archived", "archived", "archived"], "kept with their history")
            let again = try await ann.send(.post, "/api/v1/programs/sleep-reset/leave")
            #expect(again.status == .conflict)

            let rejoined = try await ann.send(.post, "/api/v1/programs/sleep-reset/enroll").decode(ProgramJSON.self)
            #expect(rejoined.enrollment?.currentDay == 1)
            #expect(rejoined.enrollment?.completedDays == [])

            let missing = try await ann.send(.post, "/api/v1/programs/no-such-thing/enroll")
            #expect(missing.status == .notFound)
            let odd = try await ann.send(.get, "/api/v1/programs/..%2Fetc")
            #expect(odd.status == .notFound)

            // Another person sees the library, not Ann's place in it.
            let bob = try await HabitsAPITests.Person.make(browser.fresh(), email: "bob@example.com")
            let his = try await bob.send(.get, "/api/v1/programs").decode(ListJSON.self)
            #expect(his.programs.allSatisfy { $0.enrollment == nil })
        }
    }

    @Test func finishingEveryDayCompletesTheProgramAndKeepsItsHabits() async throws {
        let clock = TestClock(HabitsAPITests.mondayMorning)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            let ann = try await HabitsAPITests.Person.make(browser)
            _ = try await ann.send(.post, "/api/v1/programs/habit-foundations/enroll")
            let review = try #require(try await ann.today().habits.first)
            #expect(try await ann.send(.post, "/api/v1/habits/\(review.id)/checkins", #"{"action":"done"}"#).status == .ok)
            clock.advance(minutes: 7 * 24 * 60)
            try await ann.signInAgain()
            var last: ProgramJSON?
            for day in 1...7 {
                last = try await ann.send(.post, "/api/v1/programs/habit-foundations/days/\(day)/complete")
                    .decode(ProgramJSON.self)
            }
            #expect(last?.enrollment?.status == "completed")
            let gallery = try await ann.send(.get, "/api/v1/achievements").decode(AchievementsTests.GalleryJSON.self)
            #expect(gallery.earned("program_graduate") == [1])
            #expect(try await ann.today().habits.map(\.name) == ["Evening review"])

            // How it went: the review done on the first of seven days, every lesson, the graduate's badge.
            let finished = try await ann.send(.get, "/api/v1/programs/habit-foundations")
            try ann.check.expectDocumented(finished, "/api/v1/programs/{id}", "get")
            let stats = try #require(try finished.decode(ProgramJSON.self).stats)
            #expect(abs((stats.consistency ?? 0) - 1.0 / 7) < 1e-9)
            #expect(stats.lessonsDone == 7)
            #expect(stats.streak == 0)
            #expect(stats.badgesEarned == gallery.earnedCount)
            try await ann.browser.logIn()
            let page = try await ann.browser.get("\(ProgramPagesController.base)/habit-foundations")
            #expect(page.text.contains("How it went"))
            #expect(page.text.contains("Consistency: 14%"))
            #expect(page.text.contains("Current streak: 0 days"))
        }
    }

    @Test func thePagesJoinMarkAndLeaveWithAPlainForm() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            try await browser.signUp(timeZone: "Europe/Berlin")
            let base = ProgramPagesController.base
            let library = try await browser.get(base)
            #expect(library.status == .ok)
            #expect(library.text.contains("Available programs"))
            #expect(!library.text.contains("Your programs"))

            let joined = try await browser.post("\(base)/walk-every-day/enroll", form: [])
            #expect(joined.location == "\(base)/walk-every-day/days/1?joined=1")
            let dayOne = try await browser.get(joined.location!)
            #expect(dayOne.text.contains("You’ve joined Walk every day."))
            #expect(dayOne.text.contains("Day 1 of 21"))
            #expect(dayOne.text.contains("<p>Walk for ten minutes today"), "the lesson's Markdown is HTML")
            #expect(dayOne.text.contains("Mark this day done"))

            let marked = try await browser.post("\(base)/walk-every-day/days/1/complete", form: [])
            #expect(marked.location == "\(base)/walk-every-day/days/1?marked=1")
            let after = try await browser.get(marked.location!)
            #expect(after.text.contains("You’ve done this day."))
            let ahead = try await browser.get("\(base)/walk-every-day/days/2")
            #expect(ahead.text.contains("This day is still ahead."))
            #expect(ahead.text.contains("Day 2 of 21 · You are on day 1."), "the page's own day, and the person's")
            #expect(!ahead.text.contains("Day 1 of 21"))
            #expect(!ahead.text.contains("Mark this day done"))

            // Three weeks, outlined week by week; the first day asks nothing of the habits yet.
            let outline = try await browser.get("\(base)/walk-every-day")
            #expect(outline.text.contains(#"<h3 class="program-week">Week 1 <span class="muted">· this week</span></h3>"#))
            #expect(outline.text.contains(#"<h3 class="program-week">Week 3</h3>"#))
            #expect(!outline.text.contains("Week 4"))
            #expect(outline.text.contains("Current streak: 0 days"))
            #expect(outline.text.contains("Consistency: nothing asked yet"))
            #expect(outline.text.contains("Badges earned: 0"))

            let home = try await browser.get("/")
            #expect(home.text.contains("Walk every day"))
            #expect(home.text.contains("Day 1 of 21"))
            #expect(home.text.contains("Daily walk"), "its habit is on today's list")

            let unconfirmed = try await browser.post("\(base)/walk-every-day/leave", form: [])
            #expect(unconfirmed.status == .unprocessableContent)
            #expect(unconfirmed.text.contains("Tick “Yes, leave it” to leave the program."))
            let left = try await browser.post("\(base)/walk-every-day/leave", form: [("confirm", "yes")])
            #expect(left.location == "\(base)?left=walk-every-day")
            #expect(try await browser.get(left.location!).text.contains("You left Walk every day."))
            #expect(try await browser.get("\(base)/nothing-here").location == "/?notice=unavailable")
            #expect(try await browser.get("\(base)/walk-every-day/days/22").location == "/?notice=unavailable")
        }
    }

    /// A person who already walks is asked whether the program's walk is that one; following it
    /// with their own adds no second walking habit, and leaving the program leaves it running.
    @Test func aProgramHabitAlikeToOneAlreadyKeptIsFollowedWithIt() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            try await browser.signUp(timeZone: "Europe/Berlin")
            let token = try await browser.apiLogin().accessToken
            struct Created: Decodable { let id: String }
            let walk = try await browser.json(.post, "/api/v1/habits", #"{"name":"Walk 10 min","icon":"🚶"}"#, bearer: token)
            let walkID = try walk.decode(Created.self).id
            _ = try await browser.json(.post, "/api/v1/habits", #"{"name":"Read"}"#, bearer: token)

            struct Similar: Decodable {
                let index: Int
                let habitId: String
                let name: String
            }
            struct ProgramJSON: Decodable { let similarHabits: [Similar] }
            let program = try await browser.json(.get, "/api/v1/programs/walk-every-day", bearer: token)
            let similar = try program.decode(ProgramJSON.self).similarHabits
            #expect(similar.count == 1)
            #expect(similar.first?.index == 0)
            #expect(similar.first?.habitId.lowercased() == walkID.lowercased())
            #expect(similar.first?.name == "Walk 10 min")
            let sleep = try await browser.json(.get, "/api/v1/programs/sleep-reset", bearer: token)
            #expect(try sleep.decode(ProgramJSON.self).similarHabits.isEmpty, "nothing alike to Read")

            let base = ProgramPagesController.base
            let page = try await browser.get("\(base)/walk-every-day")
            #expect(page.text.contains("This program adds “Daily walk”. You already keep “Walk 10 min”."))
            #expect(page.text.contains(#"name="reuse-0" value="\#(walkID.lowercased())" checked"#))
            let joined = try await browser.post("\(base)/walk-every-day/enroll", form: [("reuse-0", walkID.lowercased())])
            #expect(joined.location == "\(base)/walk-every-day/days/1?joined=1")

            struct HabitsJSON: Decodable {
                struct Habit: Decodable { let name: String }
                let habits: [Habit]
            }
            let habits = try await browser.json(.get, "/api/v1/habits", bearer: token).decode(HabitsJSON.self).habits
            #expect(habits.map(\.name).sorted() == ["Read", "Walk 10 min"], "no second walking habit")
            let left = try await browser.post("\(base)/walk-every-day/leave", form: [("confirm", "yes")])
            #expect(left.location == "\(base)?left=walk-every-day")
            let after = try await browser.json(.get, "/api/v1/habits", bearer: token).decode(HabitsJSON.self).habits
            #expect(after.map(\.name).sorted() == ["Read", "Walk 10 min"], "the walk was the person's before: it stays")

            // Through the API: another person's habit, or a position the program lacks, is refused.
            let unknown = try await browser.json(
                .post, "/api/v1/programs/walk-every-day/enroll", #"{"reuse":[{"index":0,"habitId":"\#(UUID())"}]}"#,
                bearer: token)
            #expect(unknown.status == .unprocessableContent, "\(unknown.text)")
            let position = try await browser.json(
                .post, "/api/v1/programs/walk-every-day/enroll", #"{"reuse":[{"index":5,"habitId":"\#(walkID)"}]}"#,
                bearer: token)
            #expect(position.status == .unprocessableContent, "\(position.text)")
            let plain = try await browser.json(.post, "/api/v1/programs/walk-every-day/enroll", bearer: token)
            #expect(plain.status == .created, "without a body the program adds its own habit")
        }
    }
}
