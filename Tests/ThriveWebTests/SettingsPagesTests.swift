import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

@Suite("Settings in the browser")
struct SettingsPagesTests {
    @Test func categoriesSaveAtOnceAndTheDisplayFollowsEverywhere() async throws {
        try await TestApp.make().test { browser in
            try await browser.signUp()
            let light = try await browser.get("/profile/settings")
            #expect(light.status == .ok)
            for category in [
                "Notifications", "Privacy and data", "Account", "Connected devices", "Display and accessibility",
                "Goals and coaching", "About and support",
            ] {
                #expect(light.text.contains(">\(category)</h2>"), "\(category)")
            }
            // Light mode shows the essentials, and accessibility is always among them.
            for control in ["display.colorBlindMode", "display.reduceMotion", "display.screenReaderOptimized"] {
                #expect(light.text.contains(#"name="\#(control)""#), "\(control)")
            }
            #expect(!light.text.contains(#"name="coaching.difficulty""#), "the rest is Deep mode's")
            // Notifications work now: nothing beside them says "coming soon", and this device's push,
            // the test button and the devices that receive pushes are there.
            #expect(!light.text.contains(#"<span class="badge badge-soon">Coming soon</span>"#))
            #expect(light.text.contains("Notifications on your devices") && light.text.contains("Send me a test notification"))
            #expect(light.text.contains(#"data-key="B"#), "the Web Push key for subscribing")
            #expect(!light.text.contains("data-settings-search"))
            #expect(light.text.contains(#"<html lang="en" data-theme="auto" data-text-size="medium" data-palette="none">"#))

            // Without scripts, a category's form posts; the change shows on every page at once.
            let dark = try await browser.post(
                "/profile/settings", form: [("category", "display"), ("display.theme", "dark"), ("display.textSize", "large")])
            #expect(dark.location == "/profile/settings?saved=display#display")
            #expect(try await browser.get("/pillars").text.contains(#"data-theme="dark" data-text-size="large""#))

            let same = try await browser.post(
                "/profile/settings",
                form: [
                    ("category", "notifications"), ("notifications.enabled", "false"), ("notifications.enabled", "true"),
                    ("notifications.quietHours.start", "06:00"), ("notifications.quietHours.end", "06:00"),
                ])
            #expect(same.status == .unprocessableContent)
            #expect(same.text.contains("Quiet hours must end at a different time than they start."))
            #expect(
                same.text.contains(
                    #"id="notifications-quietHours-end" name="notifications.quietHours.end" value="07:00" aria-invalid="true""#))

            // A ticked toggle sends "false" then "true"; an unticked one only "false".
            try await browser.post(
                "/profile/settings",
                form: [
                    ("category", "notifications"), ("notifications.enabled", "false"),
                    ("notifications.quietHours.start", "23:00"),
                ])
            try await browser.post("/profile/settings", form: [("category", "coaching"), ("coaching.mode", "deep")])
            let stored = try await app(browser)
            #expect(stored.notifications.enabled == false)
            #expect(stored.notifications.quietHours == QuietHours(start: "23:00", end: "07:00"))
            #expect(stored.display.theme == .dark)

            let deep = try await browser.get("/profile/settings")
            #expect(deep.text.contains("Colour-blind mode"))
            #expect(deep.text.contains("data-settings-search"))
            let search = try await browser.get("/profile/settings?q=colour")
            #expect(search.text.contains("Colour-blind mode"))
            #expect(!search.text.contains("Quiet hours start"))
            #expect(try await browser.get("/profile/settings?q=zebra").text.contains("No setting matches “zebra”."))
        }
    }

    /// Screen-reader optimisation opens every chart's table of numbers.
    @Test func screenReaderOptimisationOpensTheChartsTables() async throws {
        let clock = TestClock()
        try await TestApp.make(clock: clock).test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            // Three days of steps: enough for the chart to draw.
            // Three finished days and today's steps so far (today's total is drawn but not yet judged).
            let samples = (0..<4).map { day in
                let start = ISO8601DateFormatter().string(from: clock.now.addingTimeInterval(-3_600 - Double(day) * 86_400))
                return
                    #"{"type":"HKQuantityTypeIdentifierStepCount","value":3200,"unit":"count","start":"\#(start)","source":{"name":"Phone","kind":"device"},"syncIdentifier":"s-\#(day)"}"#
            }
            let steps = try await browser.json(
                .post, "/api/v1/samples", #"{"quantitySamples":[\#(samples.joined(separator: ","))]}"#, bearer: token)
            #expect(steps.status == .ok, "\(steps.text)")
            let before = try await browser.get("/pillars/fitness/activity")
            #expect(before.text.contains(#"<details class="chart-table">"#))
            try await browser.get("/profile/settings")
            let saved = try await browser.post(
                "/profile/settings", form: [("category", "display"), ("display.screenReaderOptimized", "true")])
            #expect(saved.status == .seeOther, "\(saved.text)")
            let after = try await browser.get("/pillars/fitness/activity")
            #expect(after.text.contains(#"<details class="chart-table" open>"#))
            #expect(!after.text.contains(#"<details class="chart-table">"#))
        }
    }

    @Test func highContrastMarksEveryPageAndOlderSettingsReadAsOff() async throws {
        // Settings saved before the high-contrast choice existed still read, with it off.
        let stored = #"""
            {"display":{"theme":"dark","textSize":"large","reduceMotion":true,"colorBlindMode":"none",
            "screenReaderOptimized":false}}
            """#
        let older = try JSONDecoder().decode(Settings.self, from: Data(stored.utf8))
        #expect(older.display.highContrast == false)
        #expect(older.display.theme == .dark && older.display.reduceMotion)

        try await TestApp.make().test { browser in
            try await browser.signUp()
            #expect(!(try await browser.get("/pillars").text.contains("data-contrast")))
            let settings = try await browser.get("/profile/settings")
            #expect(settings.text.contains("High contrast"))
            #expect(settings.text.contains("On by itself when your system asks for more contrast."))

            try await browser.post(
                "/profile/settings",
                form: [("category", "display"), ("display.highContrast", "false"), ("display.highContrast", "true")])
            #expect(try await browser.get("/pillars").text.contains(#" data-contrast="more">"#))
            #expect(try await app(browser).display.highContrast)

            try await browser.post("/profile/settings", form: [("category", "display"), ("display.highContrast", "false")])
            #expect(!(try await browser.get("/").text.contains("data-contrast")))
        }
    }

    /// The settings as the API reports them.
    func app(_ browser: Browser) async throws -> Settings {
        let token = try await browser.apiLogin().accessToken
        let reply = try await browser.json(.get, "/api/v1/mobile/settings", bearer: token)
        return try JSONDecoder().decode(Settings.self, from: Data(reply.text.utf8))
    }
}
