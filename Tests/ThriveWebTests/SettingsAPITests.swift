import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

@Suite("Settings through the API")
struct SettingsAPITests {
    @Test func defaultsThenPatchesChangeOnlyWhatTheyName() async throws {
        try await TestApp.make().test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            let path = "/api/v1/mobile/settings"
            let check = SchemaCheck(document: try SchemaJSON.parse(try await browser.get("/api/v1/openapi.json").text))

            let defaults = try await browser.json(.get, path, bearer: token)
            #expect(defaults.status == .ok)
            try check.expectDocumented(defaults, path, "get")
            #expect(defaults.text.contains(#""quietHours":{"end":"07:00","start":"22:00"}"#))
            #expect(defaults.text.contains(#""theme":"auto""#))
            #expect(defaults.text.contains(#""mode":"light""#))

            // A phone changes the theme, a laptop the quiet hours: both changes stay.
            let theme = try await browser.json(.patch, path, #"{"display":{"theme":"dark"}}"#, bearer: token)
            #expect(theme.status == .ok)
            try check.expectDocumented(theme, path, "patch")
            let quiet = try await browser.json(
                .patch, path, #"{"notifications":{"quietHours":{"start":"23:30"}}}"#, bearer: token)
            #expect(quiet.text.contains(#""theme":"dark""#))
            #expect(quiet.text.contains(#""quietHours":{"end":"07:00","start":"23:30"}"#))

            // Quiet hours may wrap midnight but cannot start and end together.
            let same = try await browser.json(
                .patch, path, #"{"notifications":{"quietHours":{"start":"07:00","end":"07:00"}}}"#, bearer: token)
            #expect(same.status == .unprocessableContent)
            #expect(same.error?.message == "Quiet hours must end at a different time than they start.")
            #expect(same.error?.field == "quietHours.end")
            try check.expectDocumented(same, path, "patch")
            let notATime = try await browser.json(
                .patch, path, #"{"notifications":{"quietHours":{"start":"25:00"}}}"#, bearer: token)
            #expect(notATime.error?.message == "Quiet hours start must be a time like 22:00.")

            let unknown = try await browser.json(.patch, path, #"{"display":{"theme":"sepia"}}"#, bearer: token)
            #expect(unknown.status == .badRequest)
            try check.expectDocumented(unknown, path, "patch")
            let misspelt = try await browser.json(.patch, path, #"{"dispaly":{"theme":"dark"}}"#, bearer: token)
            #expect(misspelt.status == .badRequest)
            #expect(misspelt.error?.message.contains("dispaly") == true)
            #expect(try await browser.json(.patch, path, #"[1,2]"#, bearer: token).status == .badRequest)

            // Null puts a setting back to its default; nothing refused above was saved.
            let reset = try await browser.json(.patch, path, #"{"display":{"theme":null}}"#, bearer: token)
            #expect(reset.text.contains(#""theme":"auto""#))
            #expect(reset.text.contains(#""start":"23:30""#))

            // Bob's settings are his own.
            let other = browser.fresh()
            try await other.signUp(email: "bob@example.com")
            let bob = try await other.apiLogin(email: "bob@example.com").accessToken
            #expect(try await other.json(.get, path, bearer: bob).text.contains(#""start":"22:00""#))
        }
    }

    @Test func quietHoursWrapMidnight() throws {
        let night = QuietHours()
        #expect(night.contains(minuteOfDay: 23 * 60))
        #expect(night.contains(minuteOfDay: 6 * 60 + 59))
        #expect(!night.contains(minuteOfDay: 7 * 60))
        #expect(!night.contains(minuteOfDay: 12 * 60))
        let afternoon = QuietHours(start: "13:00", end: "15:00")
        #expect(afternoon.contains(minuteOfDay: 14 * 60))
        #expect(!afternoon.contains(minuteOfDay: 16 * 60))
    }
}
