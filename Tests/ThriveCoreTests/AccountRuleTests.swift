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

    @Test func fifthFailureWithinFifteenMinutesLocksForFifteenMinutes() {
        var record: LoginFailureRecord?
        for attempt in 1...4 {
            record = policy.recordingFailure(record, now: start + Double(attempt) * 60)
            #expect(policy.lockedUntil(record, now: start + Double(attempt) * 60) == nil)
        }
        let fifth = start + 5 * 60
        record = policy.recordingFailure(record, now: fifth)
        #expect(policy.lockedUntil(record, now: fifth) == fifth + 15 * 60)
        #expect(policy.lockedUntil(record, now: fifth + 15 * 60 - 1) != nil)
        #expect(policy.lockedUntil(record, now: fifth + 15 * 60) == nil)
    }

    @Test func failuresSpreadOverMoreThanTheWindowDoNotLock() {
        var record: LoginFailureRecord?
        for attempt in 0..<10 {
            let time = start + Double(attempt) * 4 * 60
            record = policy.recordingFailure(record, now: time)
            #expect(policy.lockedUntil(record, now: time) == nil, "attempt \(attempt)")
        }
    }

    @Test func anExpiredLockStartsAFreshCount() {
        var record: LoginFailureRecord?
        for attempt in 0..<5 { record = policy.recordingFailure(record, now: start + Double(attempt)) }
        let later = start + 20 * 60
        record = policy.recordingFailure(record, now: later)
        #expect(record?.failures == 1)
        #expect(policy.lockedUntil(record, now: later) == nil)
    }
}

@Suite("Session policy")
struct SessionPolicyTests {
    @Test func sessionsEndAfterTheIdleTimeoutAndTheAbsoluteLifetime() {
        let policy = SessionPolicy(idleTimeout: 15 * 60)
        let created = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(policy.isLive(createdAt: created, lastSeenAt: created, now: created + 14 * 60 + 59))
        #expect(!policy.isLive(createdAt: created, lastSeenAt: created, now: created + 15 * 60))
        let active = created + 31 * 86_400 - 60
        #expect(!policy.isLive(createdAt: created, lastSeenAt: active, now: active + 1))
    }
}
