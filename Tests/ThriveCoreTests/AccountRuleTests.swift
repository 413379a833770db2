import Foundation
import Testing
import ThriveCore

@Suite("E-mail addresses")
struct EmailAddressTests {
    @Test func normalisesCaseAndSpace() throws {
        #expect(try EmailAddress("  Ann.Lee@Example.COM ").value == "ann.lee@example.com")
    }

    @Test(arguments: [
        "", "ann", "ann@", "@example.com", "ann@example", "ann@@example.com", "ann lee@example.com",
        "ann@.example.com", "ann@example..com", "ann@-example.com", "<ann@example.com>",
        String(repeating: "a", count: 65) + "@example.com",
    ])
    func refusesMalformedAddresses(text: String) {
        #expect(throws: ValidationError.self) { try EmailAddress(text) }
    }

    @Test func explainsWhatIsWrong() {
        #expect(throws: ValidationError.because("email", "emailMissing")) { try EmailAddress(" ") }
        #expect(throws: ValidationError.because("email", "email")) {
            try EmailAddress("ann.example.com")
        }
    }
}

@Suite("Password policy")
struct PasswordPolicyTests {
    @Test(arguments: [
        ("short1", Phrase("invalid.passwordShort", ["length": .integer(8)])),
        ("onlyletters", Phrase("invalid.passwordMix")),
        ("1234567890", Phrase("invalid.passwordMix")),
        (String(repeating: "a1", count: 65), Phrase("invalid.passwordLong", ["length": .integer(128)])),
    ])
    func refusesWeakPasswords(password: String, problem: Phrase) {
        #expect(throws: ValidationError(field: "password", problem)) { try PasswordPolicy.check(password) }
    }

    @Test(arguments: ["abcdefg1", "correct horse 9 battery", "Ünïcode-pa55"])
    func acceptsPasswordsWithLettersAndDigits(password: String) throws {
        try PasswordPolicy.check(password)
    }
}

@Suite("Login throttling")
struct LoginThrottleTests {
    let policy = LoginThrottlePolicy()
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// Failures counted one a minute apart, the last at `start + (count - 1) minutes`.
    func failures(_ count: Int) -> LoginFailureRecord? {
        var record: LoginFailureRecord?
        for attempt in 0..<count { record = policy.recordingFailure(record, now: start + Double(attempt) * 60) }
        return record
    }

    @Test func fourFailuresCostNothingAndTheFifthMakesTheAccountWaitThirtySeconds() {
        let four = failures(4)
        #expect(policy.lockedUntil(four, scope: .account, now: start + 3 * 60) == nil)
        let five = failures(5)
        let last = start + 4 * 60
        #expect(policy.lockedUntil(five, scope: .account, now: last) == last + 30)
        #expect(policy.lockedUntil(five, scope: .account, now: last + 29) == last + 30)
        #expect(policy.lockedUntil(five, scope: .account, now: last + 30) == nil)
    }

    @Test(arguments: [(5, 30.0), (6, 60), (7, 120), (8, 240), (9, 480), (10, 900), (30, 900)])
    func eachFurtherFailureDoublesTheWaitUpToFifteenMinutes(count: Int, seconds: TimeInterval) {
        #expect(policy.delay(after: count, scope: .account) == seconds)
        #expect(policy.delay(after: count, scope: .device) == seconds)
    }

    @Test func anAddressSharedByAHouseholdGetsTwentyFreeFailures() {
        #expect(policy.delay(after: 19, scope: .address) == 0)
        #expect(policy.delay(after: 20, scope: .address) == 30)
        #expect(policy.delay(after: 21, scope: .address) == 60)
    }

    @Test func failuresAreForgottenAfterADayWithoutOne() {
        let five = failures(5)
        let last = start + 4 * 60
        let almost = policy.recordingFailure(five, now: last + 86_399)
        #expect(almost.failures == 6, "a day less a second: still counted")
        let fresh = policy.recordingFailure(five, now: last + 86_400)
        #expect(fresh.failures == 1)
        #expect(policy.current(five, now: last + 86_400) == nil)
    }

    @Test func aRightPasswordTakesBackTheFailureItWasCountedAs() {
        let counted = failures(3)
        #expect(policy.refunding(counted, now: start + 200)?.failures == 2)
        #expect(policy.refunding(failures(1), now: start) == nil, "nothing left to keep")
    }
}

@Suite("Session policy")
struct SessionPolicyTests {
    @Test func aSessionSlidesForThirtyDaysOfDisuseAndEndsAfterAYear() {
        let sliding = SessionPolicy()
        let signedIn = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(sliding.isLive(createdAt: signedIn, lastSeenAt: signedIn, now: signedIn + 30 * 86_400 - 1))
        #expect(!sliding.isLive(createdAt: signedIn, lastSeenAt: signedIn, now: signedIn + 30 * 86_400))
        let daily = signedIn + 365 * 86_400 - 60
        #expect(sliding.isLive(createdAt: signedIn, lastSeenAt: daily, now: daily + 59))
        #expect(!sliding.isLive(createdAt: signedIn, lastSeenAt: daily, now: daily + 60), "a year after signing in")
    }

    @Test func sessionsEndAfterTheIdleTimeoutAndTheAbsoluteLifetime() {
        let policy = SessionPolicy(idleTimeout: 15 * 60)
        let created = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(policy.isLive(createdAt: created, lastSeenAt: created, now: created + 14 * 60 + 59))
        #expect(!policy.isLive(createdAt: created, lastSeenAt: created, now: created + 15 * 60))
        let active = created + 366 * 86_400 - 60
        #expect(!policy.isLive(createdAt: created, lastSeenAt: active, now: active + 1))
    }
}
