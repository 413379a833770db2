import Foundation
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

@Suite("Demo person")
struct DemoPersonTests {
    @Test func theDemoPersonLogsInToAYearOfData() async throws {
        let clock = TestClock(ISO8601DateFormatter().date(from: "2026-11-22T18:30:00Z")!)
        let app = try await TestApp.make(clock: clock)
        let seeder = DemoSeeder(store: app.store, hasher: TestApp.hasher, now: clock.source, ids: .seeded(3))
        let zone = TimeZone(identifier: "Europe/London")!
        let created = try await seeder.ensure(refresh: false, timeZone: zone)
        #expect(created.created)
        #expect(created.recordCount > 50_000)
        let again = try await seeder.ensure(refresh: false, timeZone: zone)
        #expect(!again.created, "an existing demo person is left alone")
        #expect(again.account.id == created.account.id)

        try await app.test { browser in
            let login = try await browser.logIn(email: DemoPerson.email.value, password: DemoPerson.password)
            #expect(login.location == "/")
            let home = try await browser.get("/")
            #expect(home.text.contains("Good evening, Alex"))
            let data = try await browser.get("/profile/data")
            #expect(data.text.contains("records over <strong>365</strong> days"))
            #expect(data.text.contains("<th scope=\"row\">Workouts</th>"))
            #expect(data.text.contains("<th scope=\"row\">Mood check-ins</th>"))
            #expect(data.text.contains("to 22 Nov 2026"))

            // A history that agrees with itself: months of coaching, badges on the days they were
            // reached (none waiting to be announced), the water badge counting the water streak.
            #expect(home.text.contains("Day 121 of your coaching journey"))
            let token = try await browser.apiLogin(email: DemoPerson.email.value, password: DemoPerson.password).accessToken
            struct Gallery: Decodable {
                struct Item: Decodable {
                    struct Tier: Decodable {
                        let earnedOn: String?
                    }
                    let id: String
                    let value: Int
                    let tiers: [Tier]
                }
                let achievements: [Item]
            }
            struct Habits: Decodable {
                struct Habit: Decodable {
                    struct Streak: Decodable { let current: Int }
                    let name: String
                    let streak: Streak
                }
                let habits: [Habit]
            }
            let gallery = try await browser.json(.get, "/api/v1/achievements", bearer: token).decode(Gallery.self)
            let days = gallery.achievements.flatMap { $0.tiers.compactMap(\.earnedOn) }
            #expect(!days.isEmpty && Set(days) != ["2026-11-22"], "\(days)")
            let habits = try await browser.json(.get, "/api/v1/habits", bearer: token).decode(Habits.self)
            let water = try #require(habits.habits.first { $0.name == "Drink water" })
            #expect(gallery.achievements.first { $0.id == "hydration_hero" }?.value == water.streak.current)
            #expect(!(try await browser.get("/profile/achievements").text.contains("New badge")))
        }
    }

    @Test func refreshingReplacesTheDemoPersonAndAllTheirData() async throws {
        let app = try await TestApp.make()
        let seeder = DemoSeeder(store: app.store, hasher: TestApp.hasher, now: app.clock.source, ids: .random)
        let first = try await seeder.ensure(refresh: true, timeZone: TimeZone(identifier: "UTC")!)
        let second = try await seeder.ensure(refresh: true, timeZone: TimeZone(identifier: "UTC")!)
        #expect(first.account.id != second.account.id)
        let (accounts, oldSummary, newSummary, counseling) = try await app.store.read { repositories in
            (
                try await repositories.accounts.all().count,
                try await repositories.records(of: first.account.id).summary(),
                try await repositories.records(of: second.account.id).summary(),
                try await repositories.counseling.messages(of: second.account.id, before: nil, limit: 10).map(\.author)
            )
        }
        #expect(
            accounts == 4 + DemoPartnerProgram().members,
            "the demo person, and the demo lab, counselor and partner and its invented members made once")
        #expect(counseling == [.person, .counselor], "the refreshed demo person's question and their counselor's answer")
        #expect(oldSummary.isEmpty)
        #expect(newSummary.total.count == second.recordCount)
        await app.cleanup()
    }
}
