import Foundation
import HTTPTypes
import Testing
import ThriveWeb

/// No page shows a Swift value as Swift prints it (`Name (InputField(name: "unit", …))` once stood
/// in the habit form's labels): every form, new and edit, empty and with its errors.
@Suite("No Swift values on pages")
struct SwiftDumpTests {
    @Test func formsShowWordsNotSwiftValues() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            try await browser.signUp(timeZone: "Europe/Berlin")
            let base = HabitPagesTests.base
            _ = try await browser.post(
                base,
                form: [("name", "Water"), ("measure", "count"), ("target", "8"), ("unit", "glasses"), ("schedule", "everyDay")])
            let id = try #require(HabitPagesTests.habitID(try await browser.get(base)))
            var pages = [
                "/", "\(base)/new", "\(base)/\(id)/edit", "/pillars/wellbeing/mood", "/pillars/nutrition/water",
                "/pillars/nutrition/weight", "/pillars/wellbeing/journal", "/pillars/fitness/sleep", "/pillars/nutrition/meals",
                "/pillars/fitness/workouts", "/profile/settings", "/coach/start/1",
            ].map { path in { try await browser.get(path) } as @Sendable () async throws -> Reply }
            pages.append { try await browser.post(base, form: [("name", ""), ("measure", "count"), ("target", "-1")]) }
            pages.append { try await browser.post("/pillars/wellbeing/mood", form: [("mood", "9")]) }
            for page in pages {
                let reply = try await page()
                for dump in SwiftDump.patterns {
                    #expect(!reply.text.contains(dump), "a Swift value on a page: …\(Self.around(dump, in: reply.text))…")
                }
            }
            let form = try await browser.get("\(base)/new")
            #expect(form.text.contains(#"<label for="name">Name</label>"#))
            #expect(form.text.contains(#"<label for="icon">Icon</label>"#))
        }
    }

    static func around(_ needle: String, in text: String) -> String {
        guard let range = text.range(of: needle) else { return "" }
        let start = text.index(range.lowerBound, offsetBy: -80, limitedBy: text.startIndex) ?? text.startIndex
        let end = text.index(range.upperBound, offsetBy: 80, limitedBy: text.endIndex) ?? text.endIndex
        return String(text[start..<end])
    }
}
