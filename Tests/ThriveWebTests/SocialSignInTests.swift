import Crypto
import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveTestSupport
import ThriveWeb

/// Signing in with Google and Apple (spec 003 FR-004, FR-005, FR-088, FR-089) against a local
/// OpenID provider over real HTTP that signs real RS256 ID tokens: new accounts, the account-conflict
/// page, linking and unlinking from Profile, and every check of the token and the flow.
@Suite("Sign in with Google and Apple")
struct SocialSignInTests {
    static func app(_ stub: StubOpenIDProvider, clock: TestClock = TestClock(), lockMinutes: Int? = nil) async throws -> TestApp {
        try await TestApp.make(
            configure: { configuration in
                configuration.appLockMinutes = lockMinutes
                configuration.socialSignIn.apps[.google] = OpenIDApp(
                    provider: .google, clientID: stub.googleClientID, secret: .shared(stub.googleSecret),
                    issuer: stub.issuer(.google))
                configuration.socialSignIn.apps[.apple] = OpenIDApp(
                    provider: .apple, clientID: stub.appleClientID,
                    secret: .appleKey(teamID: stub.appleTeamID, keyID: stub.appleKeyID, keyPEM: stub.appleKeyPEM),
                    issuer: stub.issuer(.apple))
            }, clock: clock)
    }

    static func run(_ body: @Sendable @escaping (StubOpenIDProvider, TestApp, Browser) async throws -> Void) async throws {
        let clock = TestClock()
        try await StubOpenIDProvider.run(now: clock.source) { stub in
            let app = try await Self.app(stub, clock: clock)
            try await app.test { browser in try await body(stub, app, browser) }
        }
    }

    /// "Continue with …" from the login page, the provider's consent, and the answer delivered back
    /// as the browser would (Google's redirect, Apple's form post): the reply to that.
    @discardableResult
    static func continueWith(
        _ provider: SocialProvider, _ stub: StubOpenIDProvider, _ browser: Browser, from page: String = "/login",
        intent: String? = nil, next: String? = nil
    ) async throws -> Reply {
        try await browser.get(page)
        var form = [("timeZone", "Europe/Lisbon")]
        if let intent { form.append(("intent", intent)) }
        if let next { form.append(("next", next)) }
        let started = try await browser.post("/auth/\(provider.rawValue)", form: form)
        #expect(started.status == .seeOther, "\(started.text)")
        let url = try #require(started.location)
        switch try await stub.consent(at: url) {
        case .redirect(let location):
            let back = try #require(URLComponents(string: location))
            return try await browser.get(back.path + "?" + (back.percentEncodedQuery ?? ""))
        case .formPost(let action, let fields):
            let back = try #require(URLComponents(string: action))
            return try await browser.post(back.path, form: fields, withToken: false)
        }
    }

    /// Signs out from a page of the app (whose form token the logout needs).
    static func signOut(_ browser: Browser) async throws {
        try await browser.get("/profile")
        let out = try await browser.post("/logout", form: [])
        #expect(out.location == "/login?notice=logged-out")
    }

    static func account(_ app: TestApp, _ email: String) async throws -> Account? {
        try await app.store.read { try await $0.accounts.find(email: try EmailAddress(email)) }
    }

    @Test func googleMakesAnAccountWithoutAPasswordAndSignsInToItAgain() async throws {
        try await Self.run { stub, app, browser in
            let login = try await browser.get("/login")
            #expect(login.text.contains("Continue with Google") && login.text.contains("Continue with Apple"))
            let csp = try #require(login.headers[.contentSecurityPolicy])
            #expect(csp.contains("http://127.0.0.1:\(stub.port)"), "the form may go on to the provider: \(csp)")

            let started = try await browser.post("/auth/google", form: [("timeZone", "Europe/Lisbon")])
            let url = try #require(started.location)
            #expect(url.hasPrefix(stub.issuer(.google) + "/authorize?"))
            for part in [
                "response_type=code", "code_challenge_method=S256", "scope=openid%20email%20profile", "nonce=", "state=",
            ] {
                #expect(url.contains(part), "\(part) in \(url)")
            }
            #expect(url.contains("redirect_uri=http%3A%2F%2F"), "\(url)")
            let ticket = try #require(browser.cookie("thrive_oidc"))
            #expect(!ticket.contains("state") && ticket.count > 100, "the flow's state is sealed, not readable")

            guard case .redirect(let location) = try await stub.consent(at: url) else {
                throw StubOpenIDProvider.StubError.badURL
            }
            let back = try #require(URLComponents(string: location))
            #expect(back.path == "/auth/google/callback")
            let landed = try await browser.get(back.path + "?" + (back.percentEncodedQuery ?? ""))
            #expect(landed.location == "/", "\(landed.status) \(landed.text)")
            #expect(browser.cookie("thrive_oidc") == nil, "the flow's ticket is spent")
            #expect(browser.cookie("thrive_session") != nil)
            #expect(try await browser.get("/").location == "/onboarding", "a new person is onboarded first, consent first")
            try await browser.completeOnboarding()

            let account = try #require(try await Self.account(app, "ann@example.org"))
            #expect(!account.hasPassword)
            let (identities, profile) = try await app.store.read {
                (try await $0.accountIdentities.all(for: account.id), try await $0.records(of: account.id).profile.get())
            }
            #expect(identities.map(\.provider) == [.google] && identities.first?.subject == "1001")
            #expect(profile?.displayName == "Ann Example" && profile?.timeZoneIdentifier == "Europe/Lisbon")

            // Signed out, Google signs in to the same account; a password does not (it has none).
            try await Self.signOut(browser)
            #expect(try await Self.continueWith(.google, stub, browser).location == "/")
            #expect(try await app.store.read { try await $0.accounts.all() }.count == 1)
            try await Self.signOut(browser)
            let password = try await browser.logIn(email: "ann@example.org", password: "correct-horse-9")
            #expect(password.status == .unauthorized, "no password opens an account that has none")

            // The code, the ID token and the secret are never logged.
            let logs = app.logs.text
            #expect(!logs.contains("code-") && !logs.contains("eyJ") && !logs.contains(stub.googleSecret))
        }
    }

    @Test func appleAnswersWithAFormPostAndSendsTheNameOnce() async throws {
        try await Self.run { stub, app, browser in
            await stub.signInAs(.init(subject: "000123.abc", email: "x7@privaterelay.appleid.com", name: "Bea Lima"))
            try await browser.get("/login")
            let started = try await browser.post("/auth/apple", form: [])
            let url = try #require(started.location)
            #expect(url.contains("response_mode=form_post") && url.contains("scope=openid%20email%20name"))
            guard case .formPost(let action, let fields) = try await stub.consent(at: url) else {
                throw StubOpenIDProvider.StubError.badURL
            }
            #expect(fields.contains { $0.0 == "user" })
            // Apple's post carries no form token: the sealed state is the check.
            let landed = try await browser.post(
                try #require(URLComponents(string: action)).path, form: fields, withToken: false)
            #expect(landed.location == "/", "\(landed.status) \(landed.text)")
            let account = try #require(try await Self.account(app, "x7@privaterelay.appleid.com"))
            let profile = try await app.store.read { try await $0.records(of: account.id).profile.get() }
            #expect(profile?.displayName == "Bea Lima")
            #expect(await stub.refusedExchanges.isEmpty, "Apple took Thrive's ES256 client secret")
        }
    }

    @Test func anEmailWithAPasswordAccountAsksForThePasswordBeforeLinking() async throws {
        try await Self.run { stub, app, browser in
            try await browser.signUp(email: "ann@example.org")
            try await browser.post("/logout", form: [])

            let conflict = try await Self.continueWith(.google, stub, browser)
            #expect(conflict.location == "/auth/conflict")
            #expect(try await app.store.read { try await $0.accounts.all() }.count == 1, "no second account")
            let page = try await browser.get("/auth/conflict")
            #expect(page.status == .ok)
            #expect(page.text.contains("You already have a Thrive account"))
            #expect(page.text.contains("ann@example.org already has a Thrive account with a password."))
            #expect(page.text.contains("Sign in and link Google") && page.text.contains("Use a different e-mail address"))
            #expect(try await browser.get("/").location == "/login", "not signed in on Google's word")

            let wrong = try await browser.post("/auth/conflict/link", form: [("password", "not-the-password-1")])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains("E-mail or password is not right") || wrong.text.contains("not right"), "\(wrong.text)")
            let linked = try await browser.post("/auth/conflict/link", form: [("password", "correct-horse-9")])
            #expect(linked.location == "/profile/security?done=linked&provider=google", "\(linked.status) \(linked.text)")
            let security = try await browser.get("/profile/security?done=linked&provider=google")
            #expect(security.text.contains("Google is linked. You can now sign in with it."))
            #expect(security.text.contains("Unlink Google") && security.text.contains("ann@example.org · linked"))

            try await browser.post("/logout", form: [])
            #expect(try await Self.continueWith(.google, stub, browser).location == "/", "now Google signs in directly")
        }
    }

    @Test func thePasswordOnTheConflictPageIsThrottledAsAnySignIn() async throws {
        try await Self.run { stub, _, browser in
            try await browser.signUp(email: "ann@example.org")
            try await Self.signOut(browser)
            #expect(try await Self.continueWith(.google, stub, browser).location == "/auth/conflict")
            try await browser.get("/auth/conflict")
            var last: Reply?
            for _ in 0..<6 {
                last = try await browser.post("/auth/conflict/link", form: [("password", "guess-number-1")])
            }
            let refused = try #require(last)
            #expect(refused.status == .tooManyRequests, "\(refused.status)")
            #expect(refused.headers[.retryAfter] != nil)
            let right = try await browser.post("/auth/conflict/link", form: [("password", "correct-horse-9")])
            #expect(right.status == .tooManyRequests, "the wait holds for the right password too")
        }
    }

    @Test func aDifferentAddressMakesASeparateAccount() async throws {
        try await Self.run { stub, app, browser in
            try await browser.signUp(email: "ann@example.org")
            try await browser.signUp(email: "other@example.org")
            try await browser.post("/logout", form: [])
            #expect(try await Self.continueWith(.google, stub, browser).location == "/auth/conflict")
            try await browser.get("/auth/conflict")
            let taken = try await browser.post("/auth/conflict/new", form: [("newEmail", "other@example.org")])
            #expect(taken.status == .unprocessableContent)
            #expect(taken.text.contains("This address already has a Thrive account."))
            let bad = try await browser.post("/auth/conflict/new", form: [("newEmail", "not an address")])
            #expect(bad.status == .unprocessableContent)
            let made = try await browser.post("/auth/conflict/new", form: [("newEmail", "ann.google@example.org")])
            #expect(made.location == "/")
            let account = try #require(try await Self.account(app, "ann.google@example.org"))
            #expect(try await app.store.read { try await $0.accountIdentities.all(for: account.id) }.count == 1)
            #expect(try await app.store.read { try await $0.accounts.all() }.count == 3)
        }
    }

    @Test func anAddressTheProviderDidNotConfirmIsAskedFor() async throws {
        try await Self.run { stub, app, browser in
            await stub.signInAs(.init(subject: "77", email: "unconfirmed@example.org", emailVerified: false))
            #expect(try await Self.continueWith(.google, stub, browser).location == "/auth/conflict")
            let page = try await browser.get("/auth/conflict")
            #expect(page.text.contains("Which e-mail address should Thrive use?"))
            #expect(!page.text.contains("Sign in and link"), "no account to link to")
            #expect(try await browser.post("/auth/conflict/new", form: [("newEmail", "mine@example.org")]).location == "/")
            #expect(try await Self.account(app, "mine@example.org") != nil)
        }
    }

    @Test func tokensThatAreWrongInAnyWaySignNobodyIn() async throws {
        try await Self.run { stub, app, browser in
            let tampers: [StubOpenIDProvider.Tamper] = [
                .audience("someone-else.apps.example"), .nonce("replayed-nonce"), .issuer("https://evil.example"),
                .foreignKey, .expiresAfter(-IDTokenRules.clockSkew),
            ]
            for tamper in tampers {
                await stub.tamperNextToken(tamper)
                let reply = try await Self.continueWith(.google, stub, browser)
                #expect(reply.location == "/login?notice=social-failed&provider=google", "\(tamper): \(reply.status)")
            }
            #expect(try await app.store.read { try await $0.accounts.all() }.isEmpty)
            let page = try await browser.get("/login?notice=social-failed&provider=google")
            #expect(page.text.contains("Signing in with Google did not work. Please try again."))

            // A token a second inside the minute of clock skew is still taken.
            await stub.tamperNextToken(.expiresAfter(-IDTokenRules.clockSkew + 1))
            #expect(try await Self.continueWith(.google, stub, browser).location == "/")
        }
    }

    @Test func aRotatedKeyIsFetchedAndACodeIsSpentOnce() async throws {
        try await Self.run { stub, app, browser in
            #expect(try await Self.continueWith(.google, stub, browser).location == "/")
            try await browser.completeOnboarding()
            try await Self.signOut(browser)
            try await stub.rotateKey()
            let rotated = try await Self.continueWith(.google, stub, browser)
            let log = await stub.log
            #expect(rotated.location == "/", "the new key was fetched: \(rotated.location ?? "") \(log)")

            // The same answer again: the ticket is spent, and the code would be too.
            try await Self.signOut(browser)
            try await browser.get("/login")
            let started = try await browser.post("/auth/google", form: [])
            guard case .redirect(let location) = try await stub.consent(at: try #require(started.location)) else { return }
            let back = try #require(URLComponents(string: location))
            let path = back.path + "?" + (back.percentEncodedQuery ?? "")
            let ticket = try #require(browser.cookie("thrive_oidc"))
            #expect(try await browser.get(path).location == "/")
            try await Self.signOut(browser)
            #expect(try await browser.get(path).location == "/login?notice=social-expired&provider=google")
            browser.setCookie("thrive_oidc", ticket)
            #expect(try await browser.get(path).location == "/login?notice=social-failed&provider=google")
            #expect(await stub.refusedExchanges == ["code"])

            // Another browser's answer, with this browser's ticket: the state does not match.
            let other = browser.fresh()
            try await other.get("/login")
            let otherStart = try await other.post("/auth/google", form: [])
            guard case .redirect(let otherLocation) = try await stub.consent(at: try #require(otherStart.location)) else {
                return
            }
            let otherBack = try #require(URLComponents(string: otherLocation))
            try await browser.get("/login")
            try await browser.post("/auth/google", form: [])
            let crossed = try await browser.get(otherBack.path + "?" + (otherBack.percentEncodedQuery ?? ""))
            #expect(crossed.location == "/login?notice=social-failed&provider=google")
        }
    }

    @Test func sayingNoAtTheProviderComesBackSayingSo() async throws {
        try await Self.run { stub, _, browser in
            await stub.refuseConsent(true)
            let reply = try await Self.continueWith(.google, stub, browser)
            #expect(reply.location == "/login?notice=social-cancelled&provider=google")
            let page = try await browser.get(try #require(reply.location))
            #expect(page.text.contains("Signing in with Google was cancelled."))
        }
    }

    @Test func linkingAndUnlinkingFromProfileNeverLeavesAnAccountWithoutAWayIn() async throws {
        try await Self.run { stub, app, browser in
            // A Google-only account: Google is its only way in.
            #expect(try await Self.continueWith(.google, stub, browser).location == "/")
            try await browser.completeOnboarding()
            var security = try await browser.get("/profile/security")
            #expect(security.text.contains("Your only way in: set a password or add a passkey before unlinking."))
            #expect(security.text.contains("Link Apple") && security.text.contains("Set a password"))
            #expect(!security.text.contains(#"id="currentPassword""#))
            let refused = try await browser.post("/profile/security/sign-in-with/google/unlink", form: [])
            #expect(refused.location == "/profile/security?failed=lastWayIn&provider=google")
            #expect(try await browser.get(try #require(refused.location)).text.contains("Google is your only way to sign in"))

            // Deleting, changing the address or setting a PIN asks for a password it has to set first.
            let delete = try await browser.get("/profile/data/delete")
            #expect(delete.text.contains("Deleting asks for your password, and you sign in with Google or Apple"))
            #expect(!delete.text.contains(#"action="/profile/data/delete""#))
            let apiDelete = try await browser.json(
                .post, "/api/v1/account/deletion", #"{"password":"anything-123"}"#,
                headers: [HTTPField.Name("X-CSRF-Token")!: browser.pageToken])
            #expect(apiDelete.status == .unauthorized)
            #expect(apiDelete.text.contains("This account has no password yet"), "\(apiDelete.text)")
            try await browser.get("/profile/security")

            // Apple linked as well; then a password set; then both providers can go.
            await stub.signInAs(.init(subject: "000999.x", email: "ann-apple@example.org"))
            let linked = try await Self.continueWith(.apple, stub, browser, from: "/profile/security", intent: "link")
            #expect(linked.location == "/profile/security?done=linked&provider=apple", "\(linked.status)")
            let set = try await browser.post(
                "/profile/security/password", form: [("password", "a-new-password-7"), ("confirmPassword", "a-new-password-7")])
            #expect(set.location == "/profile/security?done=passwordSet")
            security = try await browser.get("/profile/security?done=passwordSet")
            #expect(security.text.contains("Your password is set."))
            #expect(security.text.contains(#"id="currentPassword""#), "from now on, changing it needs it")
            #expect(
                try await browser.post("/profile/security/sign-in-with/google/unlink", form: []).location
                    == "/profile/security?done=unlinked&provider=google")
            #expect(
                try await browser.post("/profile/security/sign-in-with/apple/unlink", form: []).location
                    == "/profile/security?done=unlinked&provider=apple")
            try await Self.signOut(browser)
            #expect(try await browser.logIn(email: "ann@example.org", password: "a-new-password-7").location == "/")

            // Another Thrive account cannot take a Google account that is linked here.
            let owner = try #require(try await Self.account(app, "ann@example.org"))
            await stub.signInAs(.init(subject: "1001", email: "ann@example.org"))
            _ = try await Self.continueWith(.google, stub, browser, from: "/profile/security", intent: "link")
            let other = browser.fresh()
            try await other.signUp(email: "bo@example.org")
            let elsewhere = try await Self.continueWith(.google, stub, other, from: "/profile/security", intent: "link")
            #expect(elsewhere.location == "/profile/security?failed=linkedElsewhere&provider=google")
            #expect(try await app.store.read { try await $0.accountIdentities.owner(.google, subject: "1001") } == owner.id)
        }
    }

    @Test func twoStepSignInStillAsksForTheCodeAfterGoogle() async throws {
        let clock = TestClock()
        try await StubOpenIDProvider.run(now: clock.source) { stub in
            let app = try await Self.app(stub, clock: clock)
            try await app.test { browser in
                let key = try await TwoFactorTests.signUpWithTwoStepSignIn(browser, clock)
                try await browser.post("/logout", form: [])
                await stub.signInAs(.init(subject: "55", email: "ann@example.com"))
                #expect(try await Self.continueWith(.google, stub, browser).location == "/auth/conflict")
                try await browser.get("/auth/conflict")
                let password = try await browser.post("/auth/conflict/link", form: [("password", "correct-horse-9")])
                #expect(password.location == "/login/code")
                clock.advance(seconds: 30)
                let code = try await browser.post(
                    "/login/code", form: [("code", TwoFactorTests.appCode(key: key, at: clock.now))])
                #expect(code.location == "/profile/security?done=linked&provider=google")

                try await Self.signOut(browser)
                #expect(try await Self.continueWith(.google, stub, browser).location == "/login/code", "Google is one factor")
            }
        }
    }

    @Test func theAppLockOpensWithTheLinkedGoogleAccountAndNoOther() async throws {
        let clock = TestClock()
        try await StubOpenIDProvider.run(now: clock.source) { stub in
            let app = try await Self.app(stub, clock: clock, lockMinutes: 15)
            try await app.test { browser in
                #expect(try await Self.continueWith(.google, stub, browser).location == "/")
                try await browser.completeOnboarding()
                try await browser.get("/profile/security")
                try await browser.post("/lock", form: [])
                #expect(try await browser.get("/profile").location?.hasPrefix("/unlock") == true)
                let lock = try await browser.get("/unlock?next=%2Fprofile")
                #expect(lock.text.contains("Unlock with Google"))
                #expect(lock.text.contains(#"data-way="password" hidden"#), "no password to unlock with")
                #expect(lock.text.contains(#"data-way="apple" hidden"#), "Apple is not linked")

                // Locked, nothing else starts at the provider.
                let link = try await browser.post("/auth/apple", form: [("intent", "link")])
                #expect(link.location == "/unlock")

                await stub.signInAs(.init(subject: "someone-else", email: "eve@example.org"))
                let wrong = try await Self.continueWith(
                    .google, stub, browser, from: "/unlock?next=%2Fprofile", intent: "unlock", next: "/profile")
                #expect(wrong.location == "/unlock?failed=notYours&provider=google")
                let told = try await browser.get(try #require(wrong.location))
                #expect(told.text.contains("That Google account is not the one linked to this account."))
                #expect(try await browser.get("/profile").location?.hasPrefix("/unlock") == true, "still locked")

                await stub.signInAs(.init(subject: "1001", email: "ann@example.org"))
                let opened = try await Self.continueWith(
                    .google, stub, browser, from: "/unlock?next=%2Fprofile", intent: "unlock", next: "/profile")
                #expect(opened.location == "/profile")
                #expect(try await browser.get("/profile").status == .ok)
                #expect(try await app.store.read { try await $0.accounts.all() }.count == 1)
            }
        }
    }

    @Test func withoutConfigurationThereAreNoButtonsAndNoRoutes() async throws {
        try await TestApp.make().test { browser in
            let login = try await browser.get("/login")
            #expect(!login.text.contains("Continue with"))
            #expect(try await browser.post("/auth/google", form: []).status == .notFound)
            #expect(try await browser.get("/auth/google/callback?code=x&state=y").status == .notFound)
        }
    }

    @Test func theOperatorConfiguresEachProviderCompletely() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("apple-\(UUID().uuidString).p8")
        try P256.Signing.PrivateKey().pemRepresentation.write(to: file, atomically: true, encoding: .utf8)
        let configuration = try AppConfiguration(environment: [
            "THRIVE_GOOGLE_CLIENT_ID": "id", "THRIVE_GOOGLE_CLIENT_SECRET": "secret", "THRIVE_APPLE_CLIENT_ID": "org.example",
            "THRIVE_APPLE_TEAM_ID": "T", "THRIVE_APPLE_KEY_ID": "K", "THRIVE_APPLE_KEY_FILE": file.path,
        ])
        #expect(configuration.socialSignIn.offered == [.google, .apple])
        #expect(configuration.socialSignIn.apps[.google]?.issuer == "https://accounts.google.com")
        #expect(throws: ConfigurationError.self) {
            try AppConfiguration(environment: ["THRIVE_GOOGLE_CLIENT_ID": "id"])
        }
        #expect(throws: ConfigurationError.self) {
            try AppConfiguration(environment: ["THRIVE_APPLE_CLIENT_ID": "org.example", "THRIVE_APPLE_TEAM_ID": "T"])
        }
        #expect(throws: ConfigurationError.self) {
            try AppConfiguration(environment: [
                "THRIVE_GOOGLE_CLIENT_ID": "id", "THRIVE_GOOGLE_CLIENT_SECRET": "s",
                "THRIVE_GOOGLE_ISSUER": "http://idp.example.org",
            ])
        }
        let local = try AppConfiguration(environment: [
            "THRIVE_GOOGLE_CLIENT_ID": "id", "THRIVE_GOOGLE_CLIENT_SECRET": "s",
            "THRIVE_GOOGLE_ISSUER": "http://127.0.0.1:9/google/",
        ])
        #expect(local.socialSignIn.apps[.google]?.issuer == "http://127.0.0.1:9/google")
    }
}
