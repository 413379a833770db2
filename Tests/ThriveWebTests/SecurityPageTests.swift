import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveWeb

/// Profile › Sign-in and security: where the account is signed in, signing one device or all the
/// others out, and changing the password.
@Suite("Sign-in and security page")
struct SecurityPageTests {
    static let androidFirefox = "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0"

    @Test func listsEachSignedInBrowserAndAppAndSignsThemOut() async throws {
        let clock = TestClock()
        try await TestApp.make(clock: clock).test { laptop in
            try await laptop.signUp()
            let phone = laptop.fresh()
            var android = HTTPFields()
            android[.userAgent] = Self.androidFirefox
            try await phone.get("/login")
            let signedIn = try await phone.post(
                "/login", form: [("email", "ann@example.com"), ("password", "correct-horse-9")], headers: android)
            #expect(signedIn.status == .seeOther)
            let tokens = try await laptop.fresh().apiLogin()
            clock.advance(minutes: 12)

            let page = try await laptop.get("/profile/security")
            #expect(page.status == .ok)
            #expect(page.text.contains("Firefox on Android"))
            #expect(page.text.contains("Last active: 12 minutes ago"))
            #expect(page.text.contains(#"<span class="this-device">This device</span>"#))
            #expect(page.text.contains("Thrive app or script"))
            #expect(!page.text.contains("user-agent") && !page.text.contains("Gecko"), "only the two words are kept")

            let handle = try #require(Self.handles(in: page.text).first)
            let ended = try await laptop.post("/profile/security/sessions/\(handle)/end", form: [])
            #expect(ended.location == "/profile/security?done=session")
            #expect(try await phone.get("/").location == "/login")
            let after = try await laptop.get(try #require(ended.location))
            #expect(after.text.contains("That device is signed out."))
            #expect(!after.text.contains("Firefox on Android"))
            #expect(try await laptop.post("/profile/security/sessions/\(handle)/end", form: []).status == .notFound)

            #expect(try await laptop.fresh().json(.get, "/api/v1/me", bearer: tokens.accessToken).status == .ok)
            let others = try await laptop.post("/profile/security/sessions/end-others", form: [])
            #expect(others.location == "/profile/security?done=others")
            #expect(try await laptop.fresh().json(.get, "/api/v1/me", bearer: tokens.accessToken).status == .unauthorized)
            #expect(try await laptop.get("/").status == .ok, "this browser stays signed in")
        }
    }

    @Test func aPasswordChangeNeedsTheCurrentOneAndSignsEveryOtherDeviceOut() async throws {
        try await TestApp.make().test { laptop in
            try await laptop.signUp()
            let phone = laptop.fresh()
            #expect(try await phone.logIn().status == .seeOther)
            let tokens = try await laptop.fresh().apiLogin()
            try await laptop.get("/profile/security")

            let wrong = try await laptop.post(
                "/profile/security/password",
                form: [
                    ("currentPassword", "not-it-1"), ("password", "battery-staple-7"), ("confirmPassword", "battery-staple-7"),
                ])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.text.contains("The current password is not right."))
            #expect(wrong.text.contains(#"aria-describedby="currentPassword-error""#))

            let differs = try await laptop.post(
                "/profile/security/password",
                form: [
                    ("currentPassword", "correct-horse-9"), ("password", "battery-staple-7"),
                    ("confirmPassword", "battery-staple-8"),
                ])
            #expect(differs.text.contains("The two new passwords are not the same."))
            let weak = try await laptop.post(
                "/profile/security/password",
                form: [("currentPassword", "correct-horse-9"), ("password", "short1"), ("confirmPassword", "short1")])
            #expect(weak.status == .unprocessableContent)
            #expect(weak.text.contains("Use at least 8 characters"))
            #expect(try await phone.get("/").status == .ok, "nothing changed yet")

            let changed = try await laptop.post(
                "/profile/security/password",
                form: [
                    ("currentPassword", "correct-horse-9"), ("password", "battery-staple-7"),
                    ("confirmPassword", "battery-staple-7"),
                ])
            #expect(changed.location == "/profile/security?done=password")
            #expect(try await laptop.get("/profile/security?done=password").text.contains("Your password is changed."))
            #expect(try await phone.get("/").location == "/login")
            #expect(try await laptop.fresh().json(.get, "/api/v1/me", bearer: tokens.accessToken).status == .unauthorized)
            #expect(try await laptop.get("/").status == .ok)

            let old = laptop.fresh()
            #expect(try await old.logIn().status == .unauthorized)
            #expect(try await old.logIn(password: "battery-staple-7").status == .seeOther)
        }
    }

    /// The sign-out forms' session handles, in page order (this device has none).
    static func handles(in html: String) -> [String] {
        html.matches(of: #/action="/profile/security/sessions/([0-9a-f]{16})/end"/#).map { String($0.output.1) }
    }
}
