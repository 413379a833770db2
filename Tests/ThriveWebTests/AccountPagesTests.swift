import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

@Suite("Sign-up, login and logout in the browser")
struct AccountPagesTests {
    @Test func aNewPersonSignsUpLandsOnAGreetingAndLogsOut() async throws {
        let clock = TestClock(ISO8601DateFormatter().date(from: "2026-11-22T08:30:00Z")!)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            let signup = try await browser.signUp(name: "Ann", timeZone: "Europe/Berlin")
            #expect(signup.status == .seeOther)
            #expect(signup.location == "/")
            let cookie = try #require(signup.headers[values: .setCookie].first { $0.hasPrefix("thrive_session=") })
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))

            let home = try await browser.get("/")
            #expect(home.status == .ok)
            // 08:30 UTC is 09:30 in Berlin: morning.
            #expect(home.text.contains("Good morning, Ann"))
            #expect(home.text.contains("Welcome to Thrive"))
            #expect(home.text.contains("Welcome! Start by logging your first meal or mood."))
            // Straight from onboarding, a new person's welcome is one box, not two.
            let welcomed = try await browser.get("/?welcome=1").text
            #expect(welcomed.contains(#"<p role="status">You are all set."#))
            #expect(!welcomed.contains(#"<div class="notice notice-info" role="status"><p>You are all set."#))
            #expect(try await browser.get("/profile/data").text.contains("Nothing is recorded yet"))
            #expect(home.text.contains(#"aria-current="page""#))

            let pillars = try await browser.get("/pillars")
            #expect(pillars.text.contains("Fitness, Nutrition and Wellbeing count the same."))
            #expect(pillars.text.contains(#"href="/pillars/nutrition/meals""#))
            let nutrition = try await browser.get("/pillars/nutrition")
            #expect(nutrition.text.contains("Hydration"))
            #expect(nutrition.text.contains("Meal recommendations <span class=\"badge\">Coming soon</span>"), "no dead links")
            let plan = try await browser.get("/pillars/nutrition/plan")
            #expect(plan.text.contains("Why these numbers"))
            #expect(plan.text.contains("Mifflin–St Jeor"))
            #expect(pillars.text.contains(#"href="/pillars" class="tab" aria-current="page""#))

            let profile = try await browser.get("/profile")
            #expect(profile.text.contains("ann@example.com"))
            #expect(profile.text.contains("Europe/Berlin"))

            let logout = try await browser.post("/logout", form: [])
            #expect(logout.location == "/login?notice=logged-out")
            #expect(try await browser.get("/login?notice=logged-out").text.contains("You are logged out."))
            #expect(try await browser.get("/").location == "/login")
        }
    }

    /// Each place once in the time-zone list, under its current name, with its old one for a
    /// browser that still reports it.
    @Test func theTimeZoneListNamesEachPlaceOnce() async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            let page = try await browser.get("/signup").text
            #expect(page.contains(#"<option value="Europe/Kyiv" data-formerly="Europe/Kiev">"#))
            #expect(!page.contains(#"value="Europe/Kiev""#))
            #expect(page.contains(#"<option value="Asia/Kolkata" data-formerly="Asia/Calcutta">"#))
            #expect(!page.contains(#"value="Asia/Calcutta""#))
            #expect(page.contains(#"<option value="Europe/Bratislava">"#), "a country's own zone stays")
            let values = page.components(separatedBy: "<option value=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(values.count == Set(values).count)
            // A form sent with an old name is shown under the new one.
            let sent = try await browser.signUp(password: "password", timeZone: "Asia/Calcutta")
            #expect(sent.text.contains(#"<option value="Asia/Kolkata" data-formerly="Asia/Calcutta" selected>"#))
        }
    }

    @Test func signUpExplainsEveryProblemAndStoresNothing() async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            let weak = try await browser.signUp(password: "password")
            #expect(weak.status == .unprocessableContent)
            #expect(weak.text.contains("Use both letters and digits in your password."))
            #expect(weak.text.contains(#"aria-describedby="password-hint password-error""#))
            #expect(weak.text.contains(#"role="alert""#))
            #expect(weak.text.contains(#"value="ann@example.com""#), "what the person typed is kept")

            let badEmail = try await browser.signUp(email: "ann-at-example.com")
            #expect(badEmail.status == .unprocessableContent)
            #expect(badEmail.text.contains("Enter an e-mail address like name@example.com."))
            #expect(badEmail.text.contains(#"id="email-error""#))

            let badZone = try await browser.signUp(timeZone: "Mars/Olympus_Mons")
            #expect(badZone.status == .unprocessableContent)

            let everything = try await browser.signUp(email: "nope", password: "short")
            #expect(everything.text.contains("There are 2 problems"))
            #expect(everything.text.contains(#"id="email-error""#))
            #expect(everything.text.contains(#"id="password-error""#))
            #expect(try await app.accountCount() == 0)

            #expect(try await browser.signUp().status == .seeOther)
            let duplicate = try await browser.fresh().signUp(email: "ANN@example.com")
            #expect(duplicate.status == .conflict)
            #expect(duplicate.text.contains("An account with this e-mail already exists."))
            #expect(try await app.accountCount() == 1)
        }
    }

    @Test func formsWithoutTheRightTokenAreRefused() async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            try await browser.get("/signup")
            let forged = try await browser.post(
                "/signup",
                form: [
                    ("_csrf", "x" + String(repeating: "A", count: 42)), ("email", "ann@example.com"),
                    ("password", "correct-horse-9"),
                ])
            #expect(forged.status == .forbidden)
            #expect(forged.text.contains("This form has expired or came from another site."))

            // A cross-site post carries no SameSite=Strict token cookie at all.
            let stranger = browser.fresh()
            let noCookie = try await stranger.post(
                "/signup", form: [("email", "ann@example.com"), ("password", "correct-horse-9")], withToken: false)
            #expect(noCookie.status == .forbidden)
            #expect(try await app.accountCount() == 0)

            // Signed in, the session's own token is required; the anonymous one no longer works.
            #expect(try await browser.signUp().status == .seeOther)
            let logoutWithoutToken = try await browser.post("/logout-everywhere", form: [], withToken: false)
            #expect(logoutWithoutToken.status == .forbidden)
            #expect(try await browser.get("/").status == .ok)
        }
    }

    @Test func wrongPasswordsAreRefusedAndTheFifthMakesTheAccountWait() async throws {
        let clock = TestClock()
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            try await browser.signUp()
            try await browser.post("/logout", form: [])
            let stranger = browser.fresh()
            for _ in 1...4 {
                let wrong = try await stranger.logIn(password: "wrong-horse-1")
                #expect(wrong.status == .unauthorized)
                #expect(wrong.text.contains("The e-mail or password is not right."))
            }
            let fifth = try await stranger.logIn(password: "wrong-horse-1")
            #expect(fifth.status == .tooManyRequests)
            #expect(fifth.headers[.retryAfter] == "30")
            clock.advance(seconds: 29)
            let right = try await stranger.logIn()
            #expect(right.status == .tooManyRequests, "a wait refuses even the right password")
            #expect(right.text.contains("Too many failed attempts"))
            #expect(right.headers[.retryAfter] == "1")

            clock.advance(seconds: 1)
            let sixth = try await stranger.logIn(password: "wrong-horse-1")
            #expect(sixth.headers[.retryAfter] == "60", "each further failure doubles the wait")
            clock.advance(seconds: 60)
            let later = try await stranger.logIn()
            #expect(later.status == .seeOther)
            #expect(later.location == "/")
        }
    }

    @Test func oneAddressTryingManyAccountsWaitsToo() async throws {
        try await TestApp.make().test { browser in
            for index in 1...20 {
                let reply = try await browser.logIn(email: "person\(index)@example.com", password: "guess-\(index)x")
                #expect(reply.status == (index < 20 ? .unauthorized : .tooManyRequests), "attempt \(index)")
            }
            #expect(try await browser.logIn(email: "someone-else@example.com").status == .tooManyRequests)
        }
    }

    @Test func aSessionEndsAfterThirtyDaysWithoutUse() async throws {
        let clock = TestClock()
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            try await browser.signUp()
            clock.advance(minutes: 29 * 1_440)
            #expect(try await browser.get("/").status == .ok, "use keeps the session alive")
            clock.advance(minutes: 30 * 1_440 - 1)
            #expect(try await browser.get("/profile").status == .ok)
            #expect(try await browser.get("/profile").text.contains("until it goes 30 days without use"))
            clock.advance(minutes: 30 * 1_440)
            let expired = try await browser.get("/")
            #expect(expired.location == "/login?notice=expired")
            #expect(!browser.cookieNames.contains("thrive_session"), "the dead cookie is cleared")
            #expect(try await browser.get("/login?notice=expired").text.contains("Your session has ended."))
        }
    }

    @Test func theSessionLengthIsConfigurable() async throws {
        let clock = TestClock()
        try await TestApp.make(configure: { $0.sessionIdleMinutes = 60 }, clock: clock).test { browser in
            try await browser.signUp()
            clock.advance(minutes: 59)
            #expect(try await browser.get("/").status == .ok)
            #expect(try await browser.get("/profile").text.contains("until it goes 60 minutes without use"))
            clock.advance(minutes: 60)
            let expired = try await browser.get("/")
            #expect(expired.location == "/login?notice=expired")
        }
    }

    @Test func loggingOutEverywhereEndsOtherSessionsAndTokens() async throws {
        try await TestApp.make().test { browser in
            try await browser.signUp()
            let phone = browser.fresh()
            #expect(try await phone.logIn().status == .seeOther)
            let tokens = try await phone.apiLogin()
            #expect(try await phone.json(.get, "/api/v1/me", bearer: tokens.accessToken).status == .ok)

            try await browser.get("/profile")
            let everywhere = try await browser.post("/logout-everywhere", form: [])
            #expect(everywhere.location == "/login?notice=logged-out-everywhere")
            #expect(try await phone.get("/").location == "/login")
            #expect(try await phone.json(.get, "/api/v1/me", bearer: tokens.accessToken).status == .unauthorized)
            let refresh = try await phone.json(.post, "/api/v1/auth/refresh", #"{"refreshToken":"\#(tokens.refreshToken)"}"#)
            #expect(refresh.status == .unauthorized)
        }
    }

    @Test func serverProcessesSharingADatabaseShareSessions() async throws {
        let first = try await TestApp.make()
        let second = try await TestApp.make(sharing: first)
        try await first.test { browser in
            try await browser.signUp()
            let cookie = try #require(browser.cookie("thrive_session"))
            try await second.test { other in
                other.setCookie("thrive_session", cookie)
                let home = try await other.get("/")
                #expect(home.status == .ok)
                #expect(home.text.contains("Ann"))
                #expect(try await other.post("/logout", form: []).status == .seeOther)
            }
            #expect(try await browser.get("/").location == "/login", "logging out on one server ends the session on all")
        }
    }
}
