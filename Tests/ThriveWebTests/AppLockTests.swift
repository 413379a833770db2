import Foundation
import HTTPTypes
import Testing
import ThriveCore

@testable import ThriveWeb

/// The app lock through the router: a session unused for its minutes is locked on the server, so
/// no page or cookie-signed call gets through until the password, the PIN (five tries) or a
/// passkey (three tries) opens it; apps with their own tokens are not held.
@Suite("App lock")
struct AppLockTests {
    static var json: HTTPFields { [.accept: "application/json"] }

    /// The server's default as shipped: 15 minutes.
    static func locking(_ configuration: inout AppConfiguration) {
        configuration.appLockMinutes = AppLock.defaultMinutes
    }

    static func script(_ browser: Browser, _ path: String, _ body: String = "{}") async throws -> Reply {
        try await PasskeyTests.script(browser, path, body)
    }

    @Test func aSessionUnusedForFifteenMinutesLocksAndTheRightPasswordOpensIt() async throws {
        let clock = TestClock()
        let app = try await TestApp.make(configure: Self.locking, clock: clock)
        try await app.test { browser in
            try await browser.signUp()
            let page = try await browser.get("/profile")
            #expect(page.text.contains(#"data-lock-after="900""#), "the page carries the lock's clock for applock.js")
            #expect(page.text.contains(#"data-warn-before="60""#))

            clock.advance(seconds: 899)
            #expect(try await browser.get("/profile").status == .ok, "14:59 unused: still open")
            clock.advance(seconds: 900)
            let locked = try await browser.get("/profile?tab=1")
            #expect(locked.status == .seeOther)
            #expect(locked.location == "/unlock?next=%2Fprofile%3Ftab%3D1")
            let screen = try await browser.get(try #require(locked.location))
            #expect(screen.text.contains("Thrive is locked"))
            #expect(!screen.text.contains("Ann"), "nothing of the person's shows on the lock screen")
            let call = try await browser.json(.get, "/api/v1/me", headers: Self.json)
            #expect(call.status.code == 423)
            #expect(call.error?.code == "locked")

            let wrong = try await browser.post(
                "/unlock", form: [("method", "password"), ("secret", "not-it-1"), ("next", "/profile")])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains("That password is not right."))
            let right = try await browser.post(
                "/unlock", form: [("method", "password"), ("secret", "correct-horse-9"), ("next", "/profile?tab=1")])
            #expect(right.location == "/profile?tab=1")
            #expect(try await browser.get("/profile").status == .ok)
            #expect(try await browser.json(.get, "/api/v1/me", headers: Self.json).status == .ok)
        }
    }

    @Test func thePINOpensItFiveTimesWrongThenOnlyThePassword() async throws {
        let app = try await TestApp.make(configure: Self.locking)
        try await app.test { browser in
            try await browser.signUp()
            try await browser.get("/profile/security")
            func setPIN(_ pin: String, _ again: String, password: String = "correct-horse-9") async throws -> Reply {
                try await browser.post(
                    "/profile/security/app-lock/pin", form: [("pin", pin), ("confirmPin", again), ("pinPassword", password)])
            }
            let easy = try await setPIN("1234", "1234")
            #expect(easy.status == .unprocessableContent)
            #expect(easy.text.contains("That PIN is easy to guess"))
            #expect(easy.text.contains(#"<details class="lock-pin" open>"#), "the PIN form stays open with its problem")
            #expect(try await setPIN("2580", "2581").text.contains("The two PINs are not the same."))
            #expect(try await setPIN("2580", "2580", password: "wrong-one-1").text.contains("That password is not right."))
            #expect(
                try await browser.followingRedirect(try await setPIN("2580", "2580")).location?.contains("done=pinSet") == true)

            try await browser.get("/profile/security")
            let closed = try await browser.post("/lock", form: [])
            #expect(closed.location == "/unlock?next=/profile/security")
            #expect(try await browser.get("/profile").status == .seeOther)
            for left in [4, 3, 2, 1] {
                let wrong = try await Self.script(browser, "/unlock", #"{"method":"pin","secret":"0000"}"#)
                #expect(wrong.status == .unauthorized)
                #expect(wrong.error?.message.contains("\(left) tr") == true, "\(wrong.text)")
            }
            let fifth = try await Self.script(browser, "/unlock", #"{"method":"pin","secret":"0000"}"#)
            #expect(fifth.status == .forbidden)
            #expect(fifth.error?.code == "password_needed")
            let rightTooLate = try await Self.script(browser, "/unlock", #"{"method":"pin","secret":"2580"}"#)
            #expect(rightTooLate.error?.code == "password_needed", "after five, not even the right PIN")
            let screen = try await browser.get("/unlock")
            #expect(screen.text.contains(#"data-way="pin" hidden"#), "the lock screen offers only the password")

            #expect(
                try await Self.script(browser, "/unlock", #"{"method":"password","secret":"correct-horse-9"}"#).status
                    == .noContent)
            try await browser.get("/profile/security")
            #expect(try await Self.script(browser, "/lock").status == .ok)
            #expect(
                try await Self.script(browser, "/unlock", #"{"method":"pin","secret":"2580"}"#).status == .noContent,
                "tries start again")
        }
    }

    @Test func aPasskeyOpensItAndThreeFailedTriesLeaveThePassword() async throws {
        let app = try await TestApp.make(configure: {
            Self.locking(&$0)
            $0.publicURL = PasskeyTests.site
        })
        try await app.test { browser in
            try await browser.signUp()
            let phone = WebAuthnTests.Authenticator()
            #expect(try await PasskeyTests.addPasskey(browser, phone).status == .created)
            try await browser.get("/profile/security")
            let ways = try await Self.script(browser, "/lock")
            #expect(ways.text.contains(#""passkey":true"#))
            let options = try await Self.script(browser, "/unlock/passkey/options")
            let offered = try options.decode(PasskeyTests.Options.self)
            #expect(offered.allowCredentials?.map(\.id) == [Data(phone.credentialID).base64URLEncoded], "only their own")
            let opened = try await Self.script(
                browser, "/unlock/passkey",
                try PasskeyTests.assertion(phone, counter: 1, challenge: try PasskeyTests.challenge(options)))
            #expect(opened.status == .noContent, "\(opened.text)")
            #expect(try await browser.get("/profile").status == .ok)

            // A passkey made for this site but another person's does not open Ann's lock.
            let bob = browser.fresh()
            try await bob.signUp(email: "bob@example.com")
            var bobs = WebAuthnTests.Authenticator()
            bobs.credentialID = Array(repeating: 7, count: 16)
            #expect(try await PasskeyTests.addPasskey(bob, bobs).status == .created)
            try await browser.get("/profile/security")
            _ = try await Self.script(browser, "/lock")
            let annsOptions = try await Self.script(browser, "/unlock/passkey/options")
            let foreign = try await Self.script(
                browser, "/unlock/passkey",
                try PasskeyTests.assertion(bobs, counter: 1, challenge: try PasskeyTests.challenge(annsOptions)))
            #expect(foreign.error?.code == "passkey_unknown")

            let second = try await Self.script(browser, "/unlock/passkey/failed")
            #expect(second.text.contains(#""passkey":true"#), "two failures: one try left")
            let third = try await Self.script(browser, "/unlock/passkey/failed")
            #expect(third.text.contains(#""passkey":false"#), "three: the password now")
            let refused = try await Self.script(browser, "/unlock/passkey/options")
            #expect(refused.error?.code == "password_needed")
            #expect(try await browser.get("/profile").status == .seeOther)
        }
    }

    @Test func aPersonChoosesTheMinutesOrTurnsTheLockOff() async throws {
        let clock = TestClock()
        let app = try await TestApp.make(configure: Self.locking, clock: clock)
        try await app.test { browser in
            try await browser.signUp()
            try await browser.get("/profile/security")
            let odd = try await browser.post("/profile/security/app-lock", form: [("lockMinutes", "7")])
            #expect(odd.status == .unprocessableContent)
            try await browser.post("/profile/security/app-lock", form: [("lockMinutes", "1")])
            let page = try await browser.get("/profile/security")
            #expect(page.text.contains(#"<option value="1" selected>"#))
            #expect(page.text.contains(#"data-warn-before="30""#))
            clock.advance(seconds: 59)
            #expect(try await browser.get("/profile").status == .ok)
            clock.advance(seconds: 60)
            #expect(try await browser.get("/profile").status == .seeOther)
            try await browser.get("/unlock")
            try await browser.post("/unlock", form: [("method", "password"), ("secret", "correct-horse-9"), ("next", "/")])

            try await browser.get("/profile/security")
            try await browser.post("/profile/security/app-lock", form: [("lockMinutes", "off")])
            clock.advance(minutes: 600)
            let later = try await browser.get("/profile")
            #expect(later.status == .ok, "off: no lock after ten hours")
            #expect(!later.text.contains(#"id="app-lock""#))
        }
    }

    @Test func appsWithTheirOwnTokensAreNotHeldByABrowsersLock() async throws {
        let clock = TestClock()
        let app = try await TestApp.make(configure: Self.locking, clock: clock)
        try await app.test { browser in
            try await browser.signUp()
            let tokens = try await browser.apiLogin()
            try await browser.get("/profile/security")
            try await browser.post("/lock", form: [])
            #expect(try await browser.json(.get, "/api/v1/me", bearer: tokens.accessToken).status == .ok)
            #expect(try await browser.get("/profile").status == .seeOther)
            let other = browser.fresh()
            try await other.logIn()
            #expect(try await other.get("/profile").status == .ok, "locking one browser leaves the others open")
        }
    }

    @Test func appsReadAndChangeTheSettingThroughTheAPI() async throws {
        let app = try await TestApp.make(configure: Self.locking)
        try await app.test { browser in
            try await browser.signUp()
            let tokens = try await browser.fresh().apiLogin()
            let api = browser.fresh()
            let start = try await api.json(.get, "/api/v1/account/app-lock", bearer: tokens.accessToken)
            #expect(start.text.contains(#""idleMinutes":15"#))
            #expect(start.text.contains(#""hasPin":false"#))
            let odd = try await api.json(.put, "/api/v1/account/app-lock", #"{"idleMinutes":7}"#, bearer: tokens.accessToken)
            #expect(odd.status == .unprocessableContent)
            #expect(odd.error?.field == "lockMinutes")
            let off = try await api.json(.put, "/api/v1/account/app-lock", #"{"idleMinutes":null}"#, bearer: tokens.accessToken)
            #expect(off.status == .ok)
            #expect(try off.decode(AppLockAPIController.Setting.self).idleMinutes == nil)
            let page = try await browser.get("/profile/security")
            #expect(page.text.contains(#"<option value="off" selected>"#), "the web app shows the same setting")
        }
    }

    @Test func theOperatorChoosesTheDefaultForPeopleWhoNeverDid() async throws {
        #expect(try AppConfiguration(environment: [:]).appLockMinutes == 15)
        #expect(try AppConfiguration(environment: ["THRIVE_APP_LOCK_MINUTES": "off"]).appLockMinutes == nil)
        #expect(try AppConfiguration(environment: ["THRIVE_APP_LOCK_MINUTES": "5"]).appLockMinutes == 5)
        #expect(throws: ConfigurationError.self) { try AppConfiguration(environment: ["THRIVE_APP_LOCK_MINUTES": "7"]) }
        let clock = TestClock()
        let app = try await TestApp.make(configure: { $0.appLockMinutes = 5 }, clock: clock)
        try await app.test { browser in
            try await browser.signUp()
            #expect(try await browser.get("/profile/security").text.contains(#"<option value="5" selected>"#))
            clock.advance(seconds: 299)
            #expect(try await browser.get("/profile").status == .ok)
            clock.advance(seconds: 300)
            #expect(try await browser.get("/profile").status == .seeOther)
        }
    }
}
