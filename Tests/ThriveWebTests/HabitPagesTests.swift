import Foundation
import HTTPTypes
import Testing
import ThriveWeb

/// The habit pages through the router: plain forms, as a browser without scripts sends them.
@Suite("Habits in the browser")
struct HabitPagesTests {
    static let base = "/pillars/wellbeing/habits"
    let base = Self.base

    static func habitID(_ page: Reply) -> String? {
        page.text.components(separatedBy: "\(base)/").dropFirst().lazy.compactMap { part -> String? in
            let id = String(part.prefix(36))
            return UUID(uuidString: id) != nil && part.dropFirst(36).hasPrefix("/edit") ? id : nil
        }.first
    }

    @Test func aHabitIsAddedAndDoneFromTheHomePageWithUndo() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            try await browser.signUp(timeZone: "Europe/Berlin")
            let home = try await browser.get("/")
            #expect(home.text.contains("Small daily habits, with streaks, live here."))

            let nameless = try await browser.post(base, form: [("name", " "), ("measure", "binary"), ("schedule", "everyDay")])
            #expect(nameless.status == .unprocessableContent)
            #expect(nameless.text.contains("Give the habit a name of 1 to 60 characters."))
            // Every problem at once, each beside its field.
            let all = try await browser.post(
                base, form: [("name", " "), ("measure", "count"), ("target", "0"), ("schedule", "days"), ("reminder", "25:00")])
            #expect(all.status == .unprocessableContent)
            for field in ["name", "target", "weekdays", "reminder"] {
                #expect(all.text.contains(#"id="\#(field)-error""#), "\(field)")
            }
            #expect(all.text.contains("There are 4 problems"))
            let noDays = try await browser.post(base, form: [("name", "Stretch"), ("schedule", "days")])
            #expect(noDays.text.contains("Choose at least one day of the week"))
            #expect(noDays.text.contains(#"value="Stretch""#), "what was typed stays")

            let added = try await browser.post(
                base, form: [("name", "Morning walk"), ("icon", "🚶"), ("measure", "binary"), ("schedule", "everyDay")])
            #expect(added.location?.hasPrefix("\(base)?added=") == true)
            let list = try await browser.get(base)
            let id = try #require(Self.habitID(list))
            #expect(list.text.contains("0 of 1 done today"))

            let done = try await browser.post(
                "\(base)/\(id)/checkin", form: [("action", "done"), ("return", "/")])
            #expect(done.location == "/?habit=\(id)&was=none#habit-\(id)")
            let after = try await browser.get(done.location!)
            #expect(after.text.contains("Morning walk: Done."))
            #expect(after.text.contains("1 of 1 done today"))
            #expect(after.text.contains(#"name="action" value="clear""#), "Undo clears the day it found empty")

            let undone = try await browser.post(
                "\(base)/\(id)/checkin", form: [("action", "clear"), ("return", "/"), ("undo", "1")])
            #expect(undone.location == "/?habit=\(id)&undone=1#habit-\(id)")
            let back = try await browser.get(undone.location!)
            #expect(back.text.contains("Morning walk: back as it was."))
            #expect(back.text.contains("0 of 1 done today"))

            // A return address from elsewhere is not followed.
            let away = try await browser.post(
                "\(base)/\(id)/checkin", form: [("action", "skip"), ("return", "https://example.com/")])
            #expect(away.location == "\(base)?habit=\(id)&was=none#habit-\(id)")
            let unknown = try await browser.post("\(base)/\(id)/checkin", form: [("action", "explode")])
            #expect(unknown.status == .badRequest)
        }
    }

    @Test func aCountGoesUpAndUndoPutsTheAmountBack() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            try await browser.signUp(timeZone: "Europe/Berlin")
            let noTarget = try await browser.post(base, form: [("name", "Drink water"), ("measure", "count")])
            #expect(noTarget.text.contains("Daily target must be between 1 and 1,000"))
            _ = try await browser.post(
                base,
                form: [
                    ("name", "Drink water"), ("measure", "count"), ("target", "8"), ("unit", "glasses"), ("schedule", "everyDay"),
                ])
            let id = try #require(Self.habitID(try await browser.get(base)))
            for _ in 0..<3 { _ = try await browser.post("\(base)/\(id)/checkin", form: [("action", "add"), ("amount", "1")]) }
            let fourth = try await browser.post("\(base)/\(id)/checkin", form: [("action", "add"), ("amount", "1")])
            #expect(fourth.location == "\(base)?habit=\(id)&was=n3#habit-\(id)")
            let page = try await browser.get(fourth.location!)
            #expect(page.text.contains("Drink water: 4 of 8 glasses."))
            #expect(page.text.contains("●●●●○○○○"))
            #expect(page.text.contains("4 more to reach today’s goal."))
            #expect(page.text.contains(#"name="action" value="set""#) && page.text.contains(#"name="amount" value="3""#))
            _ = try await browser.post("\(base)/\(id)/checkin", form: [("action", "set"), ("amount", "3"), ("undo", "1")])
            #expect(try await browser.get(base).text.contains("3 of 8 glasses"))
        }
    }

    @Test func aHabitIsEditedPausedArchivedAndDeletedOnlyWhenConfirmed() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            try await browser.signUp(timeZone: "Europe/Berlin")
            _ = try await browser.post(base, form: [("name", "Gym"), ("schedule", "everyDay")])
            let id = try #require(Self.habitID(try await browser.get(base)))
            _ = try await browser.post("\(base)/\(id)/checkin", form: [("action", "done")])

            let edit = try await browser.get("\(base)/\(id)/edit")
            #expect(edit.text.contains(#"value="Gym""#))
            #expect(edit.text.contains("It holds 1 day of check-ins."))
            let tooMany = try await browser.post(
                "\(base)/\(id)", form: [("name", "Gym"), ("schedule", "timesPerWeek"), ("timesPerWeek", "9")])
            #expect(tooMany.status == .unprocessableContent)
            #expect(tooMany.text.contains("must be between 1 and 7"))
            let weekly = try await browser.post(
                "\(base)/\(id)", form: [("name", "Gym"), ("schedule", "timesPerWeek"), ("timesPerWeek", "3")])
            #expect(weekly.location == "\(base)?updated=\(id)#habit-\(id)")
            #expect(try await browser.get(base).text.contains("3 times a week"))

            _ = try await browser.post("\(base)/\(id)/status", form: [("status", "paused")])
            let paused = try await browser.get(base)
            #expect(paused.text.contains(#"<h2 id="paused-title">Paused</h2>"#))
            _ = try await browser.post("\(base)/\(id)/status", form: [("status", "archived")])
            #expect(try await browser.get(base).text.contains("Archived"))

            let unconfirmed = try await browser.post("\(base)/\(id)/delete", form: [])
            #expect(unconfirmed.status == .unprocessableContent)
            #expect(unconfirmed.text.contains("Tick the box to confirm the deletion"))
            let deleted = try await browser.post("\(base)/\(id)/delete", form: [("confirm", "yes")])
            #expect(deleted.location == "\(base)?deleted=1")
            #expect(try await browser.get(base).text.contains("No habits yet"))
            // A link to it now lands on the dashboard with a note, as any dead link does.
            let gone = try await browser.get("\(base)/\(id)/edit")
            #expect(gone.location == "/?notice=unavailable")
        }
    }

    @Test func anotherPersonsHabitCannotBeTouched() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            try await browser.signUp(timeZone: "Europe/Berlin")
            _ = try await browser.post(base, form: [("name", "Private habit"), ("schedule", "everyDay")])
            let id = try #require(Self.habitID(try await browser.get(base)))
            let other = browser.fresh()
            try await other.signUp(email: "bo@example.com", timeZone: "Europe/Berlin")
            #expect(try await other.post("\(base)/\(id)/checkin", form: [("action", "done")]).status == .notFound)
            #expect(try await other.get("\(base)/\(id)/edit").location == "/?notice=unavailable")
            #expect(try await other.post("\(base)/\(id)/delete", form: [("confirm", "yes")]).status == .notFound)
            #expect(!(try await other.get(base).text.contains("Private habit")))
        }
    }
}
