import Foundation
import HTTPTypes
import Testing
import ThriveWeb

/// The coaching welcome's five screens through the router: none skipped, each answer checked,
/// picked up where it was left, and its finish adding the habits, reminders and switches at once.
@Suite("Coaching welcome")
struct CoachingStartTests {
    struct HabitJSON: Decodable {
        let name: String
        let icon: String
        let measure: String
        let target: Int?
        let reminder: String?
        let timesPerWeek: Int?
    }

    struct ListJSON: Decodable {
        let habits: [HabitJSON]
    }

    @Test func fiveScreensInOrderThenTheChat() async throws {
        try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning)).test { browser in
            let ann = try await HabitsAPITests.Person.make(browser)
            #expect(try await browser.get("/coach").location == "/coach/start")
            #expect(try await browser.get("/coach/start").location == "/coach/start/welcome")
            #expect(try await browser.get("/coach/start/ready").location == "/coach/start/welcome", "no skipping ahead")
            let welcome = try await browser.get("/coach/start/welcome")
            #expect(welcome.text.contains("Welcome to your personal coaching journey"))
            #expect(welcome.text.contains("Step 1 of 5"))

            #expect(try await browser.post("/coach/start/welcome", form: []).location == "/coach/start/goal")
            let noGoal = try await browser.post("/coach/start/goal", form: [])
            #expect(noGoal.status == .unprocessableContent)
            #expect(noGoal.text.contains("like to focus on first."))
            #expect(try await browser.post("/coach/start/goal", form: [("goal", "sleep")]).location == "/coach/start/habits")

            let habits = try await browser.get("/coach/start/habits")
            #expect(habits.text.contains("Screens off an hour before bed"))
            #expect(habits.text.contains("10 min a day"), "wind-down's small version")
            let two = try await browser.post(
                "/coach/start/habits", form: [("approach", "oneThing"), ("habit", "screensOff"), ("habit", "windDown")])
            #expect(two.status == .unprocessableContent)
            #expect(two.text.contains("With one thing at a time, pick exactly one habit."))
            let foreign = try await browser.post("/coach/start/habits", form: [("approach", "startSmall"), ("habit", "walk")])
            #expect(foreign.text.contains("That habit is not one of the suggestions for your goal."))
            let picked = try await browser.post(
                "/coach/start/habits", form: [("approach", "startSmall"), ("habit", "screensOff"), ("habit", "windDown")])
            #expect(picked.location == "/coach/start/reminders")

            // Leaving and coming back lands on the screen the person was on.
            #expect(try await browser.get("/coach").location == "/coach/start")
            #expect(try await browser.get("/coach/start").location == "/coach/start/reminders")
            let badTime = try await browser.post("/coach/start/reminders", form: [("habitReminders", "on"), ("time", "25:00")])
            #expect(badTime.status == .unprocessableContent)
            #expect(badTime.text.contains("Enter the time as hours and minutes, like 09:00."))
            let reminders = try await browser.post(
                "/coach/start/reminders", form: [("habitReminders", "on"), ("celebrations", "on"), ("time", "21:30")])
            #expect(reminders.location == "/coach/start/ready")

            let ready = try await browser.get("/coach/start/ready")
            #expect(ready.text.contains("add to today: Screens off an hour before bed and Wind down before bed"))
            #expect(ready.text.contains("with reminders at 21:30"))
            #expect(ready.text.contains("Sleep reset"), "a program for the goal")
            #expect(try await browser.post("/coach/start/ready", form: []).location == "/coach")

            let list = try await ann.send(.get, "/api/v1/habits").decode(ListJSON.self)
            #expect(list.habits.map(\.name) == ["Screens off an hour before bed", "Wind down before bed"])
            #expect(list.habits.map(\.reminder) == ["21:30", "21:30"])
            #expect(list.habits.last?.measure == "minutes" && list.habits.last?.target == 10)
            let settings = try await ann.send(.get, "/api/v1/mobile/settings")
            #expect(settings.text.contains(#""coachingNudges":false"#))
            #expect(settings.text.contains(#""goalMilestones":true"#))

            #expect(try await browser.get("/").text.contains("Day 1 of your coaching journey"))
            let chat = try await browser.get("/coach")
            #expect(chat.status == .ok)
            #expect(chat.text.contains("your coach. I"))
            #expect(try await browser.get("/coach/start/goal").location == "/coach", "the welcome is done")
            // Finishing twice adds nothing twice.
            _ = try await browser.post("/coach/start/ready", form: [])
            #expect(try await ann.send(.get, "/api/v1/habits").decode(ListJSON.self).habits.count == 2)
        }
    }

    @Test func biggerChangesStartWithTheFullTargetAndNoRemindersWhenOff() async throws {
        try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning)).test { browser in
            let ann = try await HabitsAPITests.Person.make(browser)
            try await browser.post("/coach/start/welcome", form: [])
            try await browser.post("/coach/start/goal", form: [("goal", "nutrition")])
            try await browser.post(
                "/coach/start/habits", form: [("approach", "bigChanges"), ("habit", "water"), ("habit", "cookAtHome")])
            try await browser.post("/coach/start/reminders", form: [("time", "08:00")])
            let ready = try await browser.get("/coach/start/ready")
            #expect(ready.text.contains("Set up your daily routine, without reminders"))
            try await browser.post("/coach/start/ready", form: [])
            let list = try await ann.send(.get, "/api/v1/habits").decode(ListJSON.self)
            let water = try #require(list.habits.first { $0.name == "Drink water" })
            #expect(water.target == 8 && water.reminder == nil)
            #expect(list.habits.first { $0.name == "Cook at home" }?.timesPerWeek == 3)
        }
    }
}
