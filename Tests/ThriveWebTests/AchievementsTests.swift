import Foundation
import HTTPTypes
import Testing

@testable import ThriveWeb

/// Achievements through the router: a week of mornings earns the 7-day tiers once, the check-in
/// that earns them says so, and the gallery shows them with the level.
@Suite("Achievements")
struct AchievementsTests {
    struct GalleryJSON: Decodable {
        struct Level: Decodable {
            let number: Int
            let key: String
            let points: Int
            let nextAt: Int?
        }
        struct Tier: Decodable {
            let tier: Int
            let earnedOn: String?
        }
        struct Item: Decodable {
            let id: String
            let value: Int
            let tiers: [Tier]
        }
        let level: Level
        let achievements: [Item]

        /// Every tier earned, across achievements.
        var earnedCount: Int { achievements.reduce(0) { $0 + $1.tiers.filter { $0.earnedOn != nil }.count } }

        func earned(_ id: String) -> [Int] {
            achievements.first { $0.id == id }?.tiers.filter { $0.earnedOn != nil }.map(\.tier) ?? []
        }
    }

    struct AwardJSON: Decodable {
        let achievement: String
        let tier: Int
        let message: String
    }

    struct CheckInJSON: Decodable {
        let awards: [AwardJSON]
    }

    @Test func aWeekOfMorningsEarnsItsTiersOnceAndTheGalleryShowsThem() async throws {
        let clock = TestClock(HabitsAPITests.mondayMorning)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            let ann = try await HabitsAPITests.Person.make(browser)
            let walk = try await ann.create(#"{"name":"Morning walk","icon":"🚶","reminder":"07:30"}"#)
            var last: CheckInJSON?
            for day in 1...7 {
                let reply = try await ann.send(.post, "/api/v1/habits/\(walk.id)/checkins", #"{"action":"done"}"#)
                try ann.check.expectDocumented(reply, "/api/v1/habits/{id}/checkins", "post")
                last = try reply.decode(CheckInJSON.self)
                if day < 7 {
                    #expect(last?.awards.isEmpty == true, "day \(day)")
                    clock.advance(minutes: 24 * 60)
                    try await ann.signInAgain()
                }
            }
            let awards = try #require(last?.awards)
            #expect(awards.map { "\($0.achievement) \($0.tier)" }.sorted() == ["consistency_champion 7", "early_bird 7"])
            #expect(awards.map(\.message).contains("New badge: Early bird (7 days in a row)"))
            try await browser.logIn()
            #expect(
                try await browser.get("/").text.contains("New badge: Early bird (7 days in a row)"),
                "the home page's recent activity")
            let progress = try await browser.get("/pillars/wellbeing/habits/progress").text
            #expect(
                progress.contains(#"<use href="/assets/icons.svg#sunrise"></use></svg> Early bird (7 days in a row)"#),
                "the progress page's newest badges")
            #expect(progress.contains(#"<a href="/profile/achievements">All badges</a>"#))

            // Undoing and doing the day again earns nothing twice.
            _ = try await ann.send(.post, "/api/v1/habits/\(walk.id)/checkins", #"{"action":"clear"}"#)
            let redo = try await ann.send(.post, "/api/v1/habits/\(walk.id)/checkins", #"{"action":"done"}"#)
            #expect(try redo.decode(CheckInJSON.self).awards.isEmpty)

            // Monday a week on: the first week is over, with habits done in it.
            clock.advance(minutes: 24 * 60)
            try await ann.signInAgain()
            let reply = try await ann.send(.get, "/api/v1/achievements")
            try ann.check.expectDocumented(reply, "/api/v1/achievements", "get")
            let gallery = try reply.decode(GalleryJSON.self)
            #expect(gallery.earned("early_bird") == [7])
            #expect(gallery.earned("first_week") == [1])
            #expect(gallery.achievements.first { $0.id == "early_bird" }?.value == 7, "today pending keeps the run")
            // 7 habit days + 3 tiers × 5 = 22 points: still a Beginner, 28 to Developing.
            #expect(gallery.level.points == 22)
            #expect(gallery.level.key == "beginner" && gallery.level.nextAt == 50)

            _ = try await browser.logIn()
            let page = try await browser.get(AchievementPagesController.path)
            #expect(page.status == .ok)
            #expect(page.text.contains("Level 1 of 5"))
            #expect(page.text.contains("28 more to Developing"))
            #expect(page.text.contains("Early bird"))
            #expect(page.text.contains("3 earned"))
        }
    }

    @Test func theTapThatEarnsABadgeSaysSoInTheToast() async throws {
        let clock = TestClock(HabitsAPITests.mondayMorning)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            try await browser.signUp(timeZone: "Europe/Berlin")
            let base = HabitPagesTests.base
            _ = try await browser.post(
                base, form: [("name", "Water"), ("icon", "💧"), ("measure", "binary"), ("schedule", "everyDay")])
            let id = try #require(HabitPagesTests.habitID(try await browser.get(base)))
            var location = ""
            for day in 1...7 {
                let done = try await browser.post("\(base)/\(id)/checkin", form: [("action", "done"), ("return", "/")])
                location = done.location ?? ""
                if day < 7 {
                    clock.advance(minutes: 24 * 60)
                    _ = try await browser.logIn()
                }
            }
            #expect(location.contains("&badges="))
            let home = try await browser.get(location)
            #expect(home.text.contains("New badge: Hydration hero (7 days in a row)"))
            #expect(home.text.contains(#"href="/profile/achievements""#))
        }
    }
}
