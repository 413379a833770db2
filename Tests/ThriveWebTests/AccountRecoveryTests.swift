import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveTestSupport
import ThriveWeb

/// A forgotten password and a new e-mail address, by one-time links sent to a real SMTP server
/// (aiosmtpd on 127.0.0.1): the same answer whether or not an address has an account, an hour, once.
@Suite("Password reset and e-mail change")
struct AccountRecoveryTests {
    static func configured(_ server: LocalSMTPServer) throws -> AppConfiguration {
        try AppConfiguration(environment: [
            "THRIVE_SMTP_URL": "smtp://127.0.0.1:\(server.port)", "THRIVE_SMTP_FROM": "thrive@example.org",
            "THRIVE_PUBLIC_URL": "https://thrive.example.org",
        ])
    }

    /// A delivered message's recipient and its body, decoded.
    static func mail(_ raw: String) -> (to: String, text: String) {
        let to = raw.firstMatch(of: #/X-RcptTo: (\S+)/#).map { String($0.output.1) } ?? ""
        let body = raw.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n").last ?? ""
        let text = String(decoding: Data(base64Encoded: body.replacingOccurrences(of: "\n", with: "")) ?? Data(), as: UTF8.self)
        return (to, text)
    }

    /// An app with e-mail to a local SMTP server, its clock and its job runner (which sends the mail).
    static func withMail(
        _ body: @Sendable @escaping (LocalSMTPServer, TestClock, BackgroundJobs, Browser) async throws -> Void
    ) async throws {
        try await LocalSMTPServer.run { server in
            let clock = TestClock()
            let configuration = try Self.configured(server)
            let app = try await TestApp.make(
                configure: {
                    $0.push = configuration.push
                    $0.publicURL = configuration.publicURL
                }, clock: clock)
            let jobs = BackgroundJobs(
                store: app.store, now: clock.source, push: configuration.push, linkBase: configuration.linkBase,
                logger: app.logs.logger())
            try await app.test { browser in try await body(server, clock, jobs, browser) }
        }
    }

    static func token(in text: String, path: String) throws -> String {
        let pattern = try Regex("https://thrive\\.example\\.org/\(path)\\?token=([A-Za-z0-9_-]+)")
        return try #require(text.firstMatch(of: pattern)?.output[1].substring.map(String.init))
    }

    @Test func aForgottenPasswordIsResetOnceWithinTheHour() async throws {
        try await Self.withMail { server, clock, jobs, browser in
            try await browser.signUp()
            let phone = browser.fresh()
            #expect(try await phone.logIn().status == .seeOther)
            try await browser.post("/logout", form: [])

            let visitor = browser.fresh()
            #expect(try await visitor.get("/login").text.contains(#"href="/forgot-password""#))
            try await visitor.get("/forgot-password")
            let asked = try await visitor.post("/forgot-password", form: [("email", "Ann@Example.com")])
            try await visitor.get("/forgot-password")
            let unknown = try await visitor.post("/forgot-password", form: [("email", "nobody@example.com")])
            #expect(asked.status == .ok && unknown.status == .ok)
            for reply in [asked, unknown] {
                #expect(reply.text.contains("If an account uses that address, a link to set a new password is on its way."))
            }
            _ = try await jobs.runDue()
            let messages = try server.messages().map(Self.mail)
            #expect(messages.count == 1, "nothing is sent for an address without an account")
            let mail = try #require(messages.first)
            #expect(mail.to == "ann@example.com")
            #expect(mail.text.contains("The link works once, for one hour."))
            let token = try Self.token(in: mail.text, path: "reset-password")

            clock.advance(minutes: 59)
            let form = try await visitor.get("/reset-password?token=\(token)")
            #expect(form.text.contains("Choose a new password."))
            let differs = try await visitor.post(
                "/reset-password",
                form: [("token", token), ("password", "battery-staple-7"), ("confirmPassword", "battery-staple")])
            #expect(differs.status == .unprocessableContent)
            #expect(differs.text.contains("The two new passwords are not the same."))
            let weak = try await visitor.post(
                "/reset-password", form: [("token", token), ("password", "password"), ("confirmPassword", "password")])
            #expect(weak.text.contains("Use both letters and digits in your password."))
            let reset = try await visitor.post(
                "/reset-password",
                form: [("token", token), ("password", "battery-staple-7"), ("confirmPassword", "battery-staple-7")])
            #expect(reset.location == "/login?notice=password-reset")
            #expect(try await phone.get("/").location == "/login", "every device is signed out")
            #expect(try await visitor.logIn().status == .unauthorized, "the old password is gone")
            #expect(try await browser.fresh().logIn(password: "battery-staple-7").status == .seeOther)

            let again = try await browser.fresh().get("/reset-password?token=\(token)")
            #expect(again.text.contains("This link does not work any more"), "once")
        }
    }

    @Test func aLinkWorksForAnHourAndOnlyTheLatestOne() async throws {
        try await Self.withMail { server, clock, jobs, browser in
            try await browser.signUp()
            let visitor = browser.fresh()
            for _ in 1...4 {
                try await visitor.get("/forgot-password")
                try await visitor.post("/forgot-password", form: [("email", "ann@example.com")])
                _ = try await jobs.runDue()
                clock.advance(minutes: 1)
            }
            let tokens = try server.messages().map { try Self.token(in: Self.mail($0).text, path: "reset-password") }
            #expect(tokens.count == 3, "three links an hour at most, however often someone asks")
            #expect(try await visitor.get("/reset-password?token=\(tokens[0])").text.contains("does not work any more"))
            // The third was made at minute 2: usable until minute 62, exactly.
            clock.advance(minutes: 62 - 4)
            clock.advance(seconds: -1)
            #expect(try await visitor.get("/reset-password?token=\(tokens[2])").text.contains("Choose a new password."))
            clock.advance(seconds: 1)
            #expect(try await visitor.get("/reset-password?token=\(tokens[2])").text.contains("does not work any more"))
            let late = try await visitor.post(
                "/reset-password",
                form: [("token", tokens[2]), ("password", "battery-staple-7"), ("confirmPassword", "battery-staple-7")])
            #expect(late.status == .unprocessableContent)
            #expect(try await browser.fresh().logIn().status == .seeOther, "the password did not change")
        }
    }

    @Test func aNewAddressIsUsedOnlyOnceItsLinkIsOpened() async throws {
        try await Self.withMail { server, clock, jobs, browser in
            try await browser.signUp()
            let page = try await browser.get("/profile/security")
            #expect(page.text.contains("You sign in with <strong>ann@example.com</strong>"))
            let wrong = try await browser.post(
                "/profile/security/email", form: [("newEmail", "ann.new@example.com"), ("emailPassword", "not-it-1")])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.text.contains(#"id="emailPassword-error""#))
            let same = try await browser.post(
                "/profile/security/email", form: [("newEmail", "ANN@example.com"), ("emailPassword", "correct-horse-9")])
            #expect(same.text.contains("That is already your address."))
            let asked = try await browser.post(
                "/profile/security/email", form: [("newEmail", "ann.new@example.com"), ("emailPassword", "correct-horse-9")])
            #expect(asked.location == "/profile/security?done=email")
            _ = try await jobs.runDue()
            let mails = try server.messages().map(Self.mail)
            let confirm = try #require(mails.first { $0.to == "ann.new@example.com" })
            let notice = try #require(mails.first { $0.to == "ann@example.com" })
            #expect(notice.text.contains("change its e-mail address to ann.new@example.com"))
            let token = try Self.token(in: confirm.text, path: "confirm-email")

            #expect(try await browser.fresh().logIn(email: "ann.new@example.com").status == .unauthorized, "not yet")
            let opened = try await browser.fresh().get("/confirm-email?token=\(token)")
            #expect(opened.text.contains("ann.new@example.com"))
            #expect(
                try await browser.fresh().logIn(email: "ann.new@example.com").status == .unauthorized,
                "opening changes nothing")
            let done = try await browser.post("/confirm-email", form: [("token", token)])
            #expect(done.text.contains("e-mail address is now <strong>ann.new@example.com</strong>"))
            #expect(try await browser.fresh().logIn(email: "ann.new@example.com").status == .seeOther)
            #expect(try await browser.fresh().logIn(email: "ann@example.com").status == .unauthorized)
            let twice = try await browser.post("/confirm-email", form: [("token", token)])
            #expect(twice.status == .unprocessableContent)
        }
    }

    @Test func withoutEMailTheServerSaysWhoCanHelp() async throws {
        try await TestApp.make().test { browser in
            #expect(try await browser.get("/forgot-password").text.contains("This server cannot send e-mail."))
            try await browser.signUp()
            #expect(try await browser.get("/profile/security").text.contains("a new address cannot be confirmed"))
        }
    }

    /// The same through the API, as a native app does it.
    @Test func anAppResetsAndChangesThePasswordAndListsWhereItIsSignedIn() async throws {
        try await Self.withMail { server, clock, jobs, browser in
            try await browser.signUp()
            let api = browser.fresh()
            let tokens = try await api.apiLogin()
            let list = try await api.json(.get, "/api/v1/account/sessions", bearer: tokens.accessToken)
            #expect(list.status == .ok)
            let listed = try list.decode(Sessions.self).sessions
            #expect(listed.filter { $0.kind == "browser" }.count == 1)
            #expect(listed.first { $0.kind == "app" }?.current == true)

            let wrong = try await api.json(
                .post, "/api/v1/account/password", #"{"currentPassword":"nope-123","newPassword":"battery-staple-7"}"#,
                bearer: tokens.accessToken)
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.error?.field == "currentPassword")
            let changed = try await api.json(
                .post, "/api/v1/account/password", #"{"currentPassword":"correct-horse-9","newPassword":"battery-staple-7"}"#,
                bearer: tokens.accessToken)
            #expect(changed.status == .ok, "\(changed.text)")
            let fresh = try changed.decode(Tokens.self)
            #expect(try await api.json(.get, "/api/v1/me", bearer: tokens.accessToken).status == .unauthorized)
            #expect(try await api.json(.get, "/api/v1/me", bearer: fresh.accessToken).status == .ok)
            #expect(try await browser.get("/").location == "/login", "the browser is signed out")

            let asked = try await api.json(.post, "/api/v1/auth/password-reset", #"{"email":"nobody@example.com"}"#)
            #expect(asked.status == .accepted)
            let real = try await api.json(.post, "/api/v1/auth/password-reset", #"{"email":"ann@example.com"}"#)
            #expect(real.text == asked.text, "the same answer either way")
            _ = try await jobs.runDue()
            let token = try Self.token(in: Self.mail(try #require(try server.messages().first)).text, path: "reset-password")
            let set = try await api.json(
                .post, "/api/v1/auth/password-reset/confirm", #"{"token":"\#(token)","password":"third-horse-3"}"#)
            #expect(set.status == .noContent)
            let reused = try await api.json(
                .post, "/api/v1/auth/password-reset/confirm", #"{"token":"\#(token)","password":"fourth-horse-4"}"#)
            #expect(reused.status == .gone)
            #expect(reused.error?.code == "link_unusable")
            #expect(try await api.json(.get, "/api/v1/me", bearer: fresh.accessToken).status == .unauthorized)
            let again = try await api.apiLogin(password: "third-horse-3")
            let browsers = try await api.json(.get, "/api/v1/account/sessions", bearer: again.accessToken)
            #expect(try browsers.decode(Sessions.self).sessions.allSatisfy { $0.kind == "app" })
            let other = try await browser.fresh().apiLogin(password: "third-horse-3")
            let otherID = try #require(
                try await api.json(.get, "/api/v1/account/sessions", bearer: again.accessToken).decode(Sessions.self)
                    .sessions.first { !$0.current }?.id)
            let ended = try await api.json(.delete, "/api/v1/account/sessions/\(otherID)", bearer: again.accessToken)
            #expect(ended.status == .noContent)
            #expect(try await api.json(.get, "/api/v1/me", bearer: other.accessToken).status == .unauthorized)
            #expect(
                try await api.json(.delete, "/api/v1/account/sessions/\(otherID)", bearer: again.accessToken).status
                    == .notFound)
        }
    }

    struct Sessions: Decodable {
        struct Session: Decodable {
            let id: String
            let kind: String
            let current: Bool
        }
        let sessions: [Session]
    }
}
