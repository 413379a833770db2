import Foundation
import HTTPTypes
import HummingbirdOTP
import Testing
import ThriveCore

@testable import ThriveWeb

/// Two-step sign-in with an authenticator app: RFC 6238's own test vectors, the ±1 step window on
/// both sides, a code refused the second time, and the whole flow in the browser and the API.
@Suite("Two-step sign-in")
struct TwoFactorTests {
    /// RFC 6238 Appendix B, SHA-1: the ASCII secret "12345678901234567890", eight digits.
    @Test(arguments: [
        (59.0, 94_287_082), (1_111_111_109, 7_081_804), (1_111_111_111, 14_050_471), (1_234_567_890, 89_005_924),
        (2_000_000_000, 69_279_037), (20_000_000_000, 65_353_130),
    ])
    func theStandardsTestVectors(time: Double, code: Int) {
        let totp = TOTP(secret: "12345678901234567890", length: 8, timeStep: 30)
        #expect(totp.compute(date: Date(timeIntervalSince1970: time)) == code)
    }

    @Test func aCodeCountsOneStepEitherSideAndOnlyOnce() {
        let secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
        let code = TwoFactorService.code(secret)
        let now = Date(timeIntervalSince1970: 1_800_000_015)
        let step = TwoFactor.step(at: now)
        func typed(_ offset: Int64) -> String { String(format: "%06d", code(step + offset)) }
        for offset: Int64 in [-1, 0, 1] {
            #expect(TwoFactor.matchingStep(typed(offset), now: now, lastUsedStep: nil, code: code) == step + offset)
        }
        for offset: Int64 in [-2, 2] {
            #expect(TwoFactor.matchingStep(typed(offset), now: now, lastUsedStep: nil, code: code) == nil)
        }
        #expect(TwoFactor.matchingStep(typed(0), now: now, lastUsedStep: step, code: code) == nil, "used already")
        #expect(TwoFactor.matchingStep(typed(1), now: now, lastUsedStep: step, code: code) == step + 1)
        #expect(TwoFactor.matchingStep("12345", now: now, lastUsedStep: nil, code: code) == nil)
        let spaced = String(typed(0).prefix(3)) + " " + String(typed(0).suffix(3))
        #expect(TwoFactor.matchingStep(spaced, now: now, lastUsedStep: nil, code: code) == step, "as an app shows it")
    }

    @Test func recoveryCodesAreLongEnoughAndReadAsTyped() {
        var random = SystemRandomNumberGenerator()
        let codes = TwoFactor.newRecoveryCodes(using: &random)
        #expect(codes.count == 10 && Set(codes).count == 10)
        #expect(codes.allSatisfy { $0.count == 19 && $0.split(separator: "-").count == 4 })
        let code = codes[0]
        #expect(TwoFactor.normalisedRecoveryCode(code.uppercased().replacingOccurrences(of: "-", with: " ")) == code)
        #expect(TwoFactor.normalisedRecoveryCode("abcd-efgh") == nil)
        #expect(TwoFactor.normalisedRecoveryCode("abcd-efgh-ijkl-mno1") == nil, "1 is not in the alphabet")
    }

    /// The code an authenticator app shows for the key the setup page gives to type by hand.
    static func appCode(key: String, at date: Date) -> String {
        let bytes = Base32.decode(key.replacingOccurrences(of: " ", with: ""))
        let totp = TOTP(secret: String(decoding: bytes, as: UTF8.self), length: 6, timeStep: 30)
        return String(format: "%06d", totp.compute(date: date))
    }

    /// A new account with two-step sign-in on; the key its app was given.
    static func signUpWithTwoStepSignIn(_ browser: Browser, _ clock: TestClock) async throws -> String {
        try await browser.signUp()
        let key = try Self.key(in: try await browser.post("/profile/security/two-factor", form: []).text)
        let confirmed = try await browser.post(
            "/profile/security/two-factor/confirm", form: [("code", Self.appCode(key: key, at: clock.now)), ("key", key)])
        #expect(confirmed.status == .ok)
        return key
    }

    static func key(in html: String) throws -> String {
        try #require(html.firstMatch(of: #/<code class="secret-key">([A-Z2-7 ]+)</code>/#).map { String($0.output.1) })
    }

    @Test func turnedOnWithAFirstCodeThenAskedAtEverySignIn() async throws {
        let clock = TestClock()
        try await TestApp.make(clock: clock).test { browser in
            try await browser.signUp()
            let security = try await browser.get("/profile/security")
            #expect(security.text.contains("Set up two-step sign-in"))
            let setup = try await browser.post("/profile/security/two-factor", form: [])
            #expect(setup.status == .ok)
            #expect(setup.text.contains(#"<div class="qr-code"><svg"#))
            #expect(setup.text.contains(#"aria-label="QR code to add Thrive to an authenticator app""#))
            let key = try Self.key(in: setup.text)
            #expect(key.replacingOccurrences(of: " ", with: "").count == 52, "32 characters of secret, base32")

            let wrong = try await browser.post("/profile/security/two-factor/confirm", form: [("code", "000000"), ("key", key)])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.text.contains("That is not the code the app shows now."))
            let codesPage = try await browser.post(
                "/profile/security/two-factor/confirm", form: [("code", Self.appCode(key: key, at: clock.now)), ("key", key)])
            #expect(codesPage.status == .ok)
            let recovery = codesPage.text.matches(of: #/<li><code>([a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4})</code></li>/#)
                .map { String($0.output.1) }
            #expect(recovery.count == 10)
            #expect(try await browser.get("/profile/security").text.contains("10 recovery codes left."))

            try await browser.post("/logout", form: [])
            let password = try await browser.logIn()
            #expect(password.location == "/login/code", "a right password alone does not sign in")
            #expect(try await browser.get("/").location == "/login")
            let sameCode = try await browser.post("/login/code", form: [("code", Self.appCode(key: key, at: clock.now))])
            #expect(sameCode.status == .unauthorized, "the code that turned it on is used")
            #expect(sameCode.text.contains("That code is not right, or was used already."))
            clock.advance(seconds: 30)
            let signedIn = try await browser.post("/login/code", form: [("code", Self.appCode(key: key, at: clock.now))])
            #expect(signedIn.location == "/")
            #expect(try await browser.get("/").status == .ok)

            // A lost phone: a recovery code, once.
            let other = browser.fresh()
            #expect(try await other.logIn().location == "/login/code")
            #expect(try await other.post("/login/code", form: [("code", recovery[3].uppercased())]).location == "/")
            let again = browser.fresh()
            try await again.logIn()
            #expect(try await again.post("/login/code", form: [("code", recovery[3])]).status == .unauthorized)
            #expect(try await browser.get("/profile/security").text.contains("9 recovery codes left."))

            // Five minutes to type the code, then the password again.
            let slow = browser.fresh()
            try await slow.logIn()
            clock.advance(minutes: 5)
            #expect(try await slow.get("/login/code").location == "/login?notice=expired")

            clock.advance(seconds: 30)
            let off = try await browser.post(
                "/profile/security/two-factor/off", form: [("offCode", Self.appCode(key: key, at: clock.now))])
            #expect(off.location == "/profile/security?done=twoFactorOff")
            try await browser.post("/logout", form: [])
            #expect(try await browser.logIn().location == "/")
        }
    }

    @Test func guessingCodesWaitsLikeGuessingPasswords() async throws {
        let clock = TestClock()
        try await TestApp.make(clock: clock).test { browser in
            _ = try await Self.signUpWithTwoStepSignIn(browser, clock)
            try await browser.post("/logout", form: [])
            try await browser.logIn()
            for _ in 1...4 { #expect(try await browser.post("/login/code", form: [("code", "111111")]).status == .unauthorized) }
            let fifth = try await browser.post("/login/code", form: [("code", "111111")])
            #expect(fifth.status == .tooManyRequests)
            #expect(fifth.headers[.retryAfter] == "30")
        }
    }

    @Test func anAppSendsTheCodeWithItsTicket() async throws {
        let clock = TestClock()
        try await TestApp.make(clock: clock).test { browser in
            let key = try await Self.signUpWithTwoStepSignIn(browser, clock)
            clock.advance(seconds: 30)
            let api = browser.fresh()
            let challenge = try await api.json(
                .post, "/api/v1/auth/login", #"{"email":"ann@example.com","password":"correct-horse-9"}"#)
            #expect(challenge.status == .accepted)
            #expect(!challenge.text.contains("accessToken"))
            let ticket = try challenge.decode(Challenge.self).ticket
            let wrong = try await api.json(
                .post, "/api/v1/auth/login/second-factor", #"{"ticket":"\#(ticket)","code":"000000"}"#)
            #expect(wrong.status == .unauthorized)
            #expect(wrong.error?.code == "wrong_code")
            let tokens = try await api.json(
                .post, "/api/v1/auth/login/second-factor",
                #"{"ticket":"\#(ticket)","code":"\#(Self.appCode(key: key, at: clock.now))"}"#)
            #expect(tokens.status == .ok, "\(tokens.text)")
            #expect(try tokens.decode(Tokens.self).tokenType == "Bearer")
            let forged = try await api.json(
                .post, "/api/v1/auth/login/second-factor", #"{"ticket":"\#(ticket.dropLast(2))xx","code":"123456"}"#)
            #expect(forged.error?.code == "ticket_expired")
        }
    }

    struct Challenge: Decodable {
        let secondFactorRequired: Bool
        let ticket: String
    }
}

/// RFC 4648 base32, for reading back the key an app is told to type.
enum Base32 {
    static func decode(_ text: String) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        var bits = 0
        var value = 0
        var bytes: [UInt8] = []
        for character in text.uppercased() {
            guard let index = alphabet.firstIndex(of: character) else { continue }
            value = (value << 5) | index
            bits += 5
            if bits >= 8 {
                bytes.append(UInt8((value >> (bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        return bytes
    }
}
