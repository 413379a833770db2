import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

@Suite("Logging mood, weight and water in the browser")
struct EntryPagesTests {
    static let evening = ISO8601DateFormatter().date(from: "2026-11-22T19:30:00Z")!

    static func entryID(_ page: Reply, under path: String) -> String? {
        page.text.components(separatedBy: path + "/").dropFirst().lazy.compactMap { part -> String? in
            let id = String(part.prefix(36))
            return UUID(uuidString: id) != nil && part.dropFirst(36).hasPrefix("/edit") ? id : nil
        }.first
    }

    /// A note longer than its field takes comes back in the form, kept, with the reason; a form
    /// larger than Thrive takes at all leads back to the form (the browser keeps what was typed),
    /// not to the login page.
    @Test func anOversizedNoteIsRefusedWithTheTextKept() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "Europe/Berlin")
            let path = "/pillars/wellbeing/mood"
            let page = try await browser.get(path)
            #expect(page.text.contains(#"maxlength="2000""#), "the page stops typing at the limit")
            let long = String(repeating: "a walk by the river ", count: 5_000)
            let refused = try await browser.post(path, form: [("mood", "4"), ("time", "20:00"), ("note", long)])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("A note can be at most 2,000 characters."))
            #expect(refused.text.contains(long.trimmingCharacters(in: .whitespaces)), "the text is kept to be shortened")

            let huge = String(repeating: "x", count: 5 * 1024 * 1024)
            let tooLarge = try await browser.post(
                path, form: [("mood", "4"), ("note", huge)],
                headers: [.referer: "http://localhost\(path)?date=2026-11-22"])
            #expect(tooLarge.status == .contentTooLarge)
            #expect(tooLarge.text.contains("What you typed is still in the form"))
            #expect(tooLarge.text.contains(#"href="/pillars/wellbeing/mood?date=2026-11-22" data-history-back>Back to the form"#))
            #expect(!tooLarge.text.contains("Go to log in"), "the person is signed in")
            #expect(tooLarge.text.contains("tab-bar") || tooLarge.text.contains("Log out"), "with their navigation")
            let elsewhere = try await browser.post(
                path, form: [("mood", "4"), ("note", huge)], headers: [.referer: "https://evil.example/form"])
            #expect(!elsewhere.text.contains("evil.example"), "never a way back to another site")
        }
    }

    @Test func aMoodCheckInIsSavedEditedDeletedAndRestored() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "Europe/Berlin")
            let path = "/pillars/wellbeing/mood"
            let empty = try await browser.get(path)
            #expect(empty.text.contains("No check-ins on this day."))
            #expect(empty.text.contains(#"value="20:30""#), "the time is now, in Berlin")

            let noMood = try await browser.post(path, form: [("energy", "3"), ("time", "20:30")])
            #expect(noMood.status == .unprocessableContent)
            #expect(noMood.text.contains("Choose how your mood is, from 1 (very low) to 5 (very good)."))
            #expect(noMood.text.contains(#"id="energy-3" name="energy" value="3" checked"#), "the choice is kept")

            let later = try await browser.post(path, form: [("mood", "4"), ("time", "23:00")])
            #expect(later.text.contains("An entry cannot be in the future."))

            let saved = try await browser.post(
                path, form: [("mood", "4"), ("energy", "2"), ("stress", "3"), ("note", "Long day, good run"), ("time", "20:00")])
            #expect(saved.location == "\(path)?date=2026-11-22&notice=added")
            let day = try await browser.get(saved.location!)
            #expect(day.text.contains("Check-in added."))
            #expect(day.text.contains("Mood 4/5 · good, energy 2/5, stress 3/5"))
            #expect(day.text.contains("20:00 · Long day, good run"))
            #expect(day.text.contains("Average mood 4/5 over 1 check-in."))
            let id = try #require(Self.entryID(day, under: path))

            let edit = try await browser.get("\(path)/\(id)/edit")
            #expect(edit.text.contains(#"id="mood-4" name="mood" value="4" checked"#))
            #expect(edit.text.contains("Long day, good run"))
            let updated = try await browser.post("\(path)/\(id)", form: [("mood", "2"), ("time", "19:00"), ("note", "")])
            #expect(updated.location == "\(path)?date=2026-11-22&notice=updated")
            let afterEdit = try await browser.get(path)
            #expect(afterEdit.text.contains("Mood 2/5 · low"))
            #expect(!afterEdit.text.contains("Long day"), "a cleared note is gone")

            let deleted = try await browser.post("\(path)/\(id)/delete", form: [])
            let gone = try await browser.get(deleted.location!)
            #expect(gone.text.contains("Check-in deleted."))
            #expect(gone.text.contains("No check-ins on this day."))
            let undone = try await browser.post("\(path)/undo", form: [])
            #expect(undone.location == "\(path)?date=2026-11-22&notice=restored")
            #expect(Self.entryID(try await browser.get(path), under: path) == id)

            // Bob reaches none of it.
            let bob = browser.fresh()
            try await bob.signUp(email: "bob@example.com", timeZone: "UTC")
            #expect(try await bob.get("\(path)/\(id)/edit").location == "/?notice=unavailable", "not found: the dashboard")
            try await bob.get(path)
            #expect(try await bob.post("\(path)/\(id)/delete", form: []).status == .notFound)
            #expect(try await bob.post("\(path)/\(id)", form: [("mood", "1")]).status == .notFound)
            #expect(Self.entryID(try await browser.get(path), under: path) == id)
        }
    }

    @Test func aJournalEntryIsWrittenFoundAndEdited() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let path = "/pillars/wellbeing/journal"
            let empty = try await browser.get(path)
            #expect(empty.text.contains("Nothing written on this day."))
            let blank = try await browser.post(path, form: [("text", "  "), ("time", "19:00")])
            #expect(blank.text.contains("Write something first: a journal entry cannot be empty."))
            let saved = try await browser.post(
                path, form: [("text", "Quiet day.\nRead by the window, early night planned."), ("time", "19:00")])
            #expect(saved.location == "\(path)?date=2026-11-22&notice=added")
            let day = try await browser.get(path)
            #expect(day.text.contains("<p class=\"entry-name\">Quiet day.</p>"), "the first line names the entry")
            #expect(day.text.contains("1 entry on this day. Only you can read them."))
            let id = try #require(Self.entryID(day, under: path))
            #expect(try await browser.get("/search?q=window").text.contains("Quiet day."), "the journal is searchable")
            try await browser.get("\(path)/\(id)/edit")
            try await browser.post("\(path)/\(id)", form: [("text", "Quiet day, good book."), ("time", "19:00")])
            #expect(try await browser.get(path).text.contains("Quiet day, good book."))
        }
    }

    @Test func aNightLoggedByHandCountsOnTheDashboard() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let path = "/pillars/fitness/sleep"
            try await browser.get(path)
            let missing = try await browser.post(path, form: [("start", "23:10")])
            #expect(missing.text.contains("Enter when you woke up."))
            // 23:10 is later than 06:40: it was the evening before.
            let saved = try await browser.post(path, form: [("start", "23:10"), ("end", "06:40"), ("quality", "4")])
            #expect(saved.location == "\(path)?date=2026-11-22&notice=added")
            let day = try await browser.get(path)
            #expect(day.text.contains("7 h 30 min · good (4/5)"))
            #expect(day.text.contains("23:10 to 06:40"))
            // Times follow the clock of the browser's region, as its time fields do.
            let american = try await browser.get(path, headers: [.acceptLanguage: "en-US,en;q=0.9"])
            #expect(american.text.contains("11:10\u{202F}PM to 6:40\u{202F}AM"))
            let british = try await browser.get(path, headers: [.acceptLanguage: "en-GB,en;q=0.9"])
            #expect(british.text.contains("23:10 to 06:40"))
            #expect(day.text.contains("7 h 30 min of sleep logged for this day."))
            let home = try await browser.get("/")
            #expect(home.text.contains(#"<span class="figure-label">Sleep</span><span class="figure-value">7 h 30 min</span>"#))

            // A device's sleep stages are not editable here.
            let stage = CategorySample(
                id: CategorySampleID(UUID()), type: .sleepAnalysis, value: 3, start: Self.evening.addingTimeInterval(-40_000),
                end: Self.evening.addingTimeInterval(-39_000), source: SampleSource(name: "Oura", kind: .device))
            try await app.store.write { repositories in
                let owner = try #require(try await repositories.accounts.all().first?.id)
                try await repositories.records(of: owner).categorySamples.store([stage])
            }
            #expect(try await browser.get("\(path)/\(stage.id)/edit").location == "/?notice=unavailable")
            #expect(!(try await browser.get(path).text.contains(stage.id.description)))
        }
    }

    @Test func weightAndWaterUseThePersonsUnits() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC", units: "imperial")
            let weight = "/pillars/nutrition/weight"
            try await browser.get(weight)
            let tooLight = try await browser.post(weight, form: [("weight", "30"), ("time", "07:00")])
            #expect(tooLight.text.contains("Weight must be between 20 and 400 kg (44 and 882 lb)."))
            #expect(tooLight.text.contains(#"aria-describedby="weight-error""#))
            let saved = try await browser.post(weight, form: [("weight", "180"), ("time", "07:00")])
            #expect(saved.status == .seeOther)
            #expect(try await browser.get(weight).text.contains("180.0 lb"), "81.65 kg shown as pounds")

            let water = "/pillars/nutrition/hydration"
            try await browser.get(water)
            try await browser.post(water, form: [("millilitres", "250")])
            try await browser.post(water, form: [("amount", "16"), ("time", "12:00")])
            let day = try await browser.get(water)
            #expect(day.text.contains("8.5 fl oz"), "a 250 ml glass")
            #expect(day.text.contains("16 fl oz"))
            #expect(day.text.contains("24.5 fl oz so far on this day."))
            // Limits said in fluid ounces, both ends ones Thrive takes.
            let tooMuch = try await browser.post(water, form: [("amount", "169.1"), ("time", "12:00")])
            #expect(tooMuch.text.contains("A drink must be between 0.4 fl oz and 169 fl oz."))
            #expect(try await browser.post(water, form: [("amount", "0.3"), ("time", "12:00")]).status == .unprocessableContent)
            #expect(try await browser.post(water, form: [("amount", "0.4"), ("time", "12:00")]).status == .seeOther)
            #expect(try await browser.post(water, form: [("amount", "169"), ("time", "12:00")]).status == .seeOther)
            let none = try await browser.post(water, form: [("amount", ""), ("time", "12:00")])
            #expect(none.text.contains("Enter how much you drank."))

            let stored = try await app.store.read { repositories in
                let owner = try #require(try await repositories.accounts.all().first?.id)
                let records = repositories.records(of: owner).quantitySamples
                let window = DateWindow(from: Self.evening.addingTimeInterval(-86_400), to: Self.evening.addingTimeInterval(60))
                return (
                    try await records.samples(of: .bodyMass, in: window, limit: nil).map(\.value),
                    try await records.samples(of: .dietaryWater, in: window, limit: nil).map(\.value)
                )
            }
            #expect(stored.0 == [81.65], "180 lb is 81.65 kg")
            #expect(stored.1.count == 4 && stored.1.contains(0.25) && stored.1.contains(0.473_176_48))
        }
    }
}
