import Foundation
import Testing

@testable import ThriveCore

/// The app lock's rules: when a session locks, which settings and PINs are accepted.
@Suite("App lock rules")
struct AppLockTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func aSessionLocksAtItsMinutesToTheSecond() {
        let lock = AppLock()
        #expect(lock.idleMinutes == 15, "15 minutes unless the person chose otherwise (spec 001)")
        #expect(!lock.isDue(lastUsed: start, now: start + 899))
        #expect(lock.isDue(lastUsed: start, now: start + 900))
        let quick = AppLock(idleMinutes: 1)
        #expect(!quick.isDue(lastUsed: start, now: start + 59))
        #expect(quick.isDue(lastUsed: start, now: start + 60))
        #expect(!AppLock(idleMinutes: nil).isDue(lastUsed: start, now: start + 365 * 86_400), "off means never")
    }

    @Test func theWarningComesWithTimeToStay() {
        #expect(AppLock.warningSeconds(idleMinutes: 15) == 60)
        #expect(AppLock.warningSeconds(idleMinutes: 1) == 30, "half of a one-minute lock, above WCAG 2.2.1's 20 seconds")
    }

    @Test func onlyTheOfferedTimesOrOffAreSettings() throws {
        #expect(try AppLock.minutes(from: "off") == nil)
        #expect(try AppLock.minutes(from: "15") == 15)
        for text in ["7", "0", "", "15.0", "-1"] {
            #expect(throws: ValidationError.self, "\(text)") { try AppLock.minutes(from: text) }
        }
    }

    @Test(arguments: [
        ("2580", true), ("2468", true), ("13579", true), ("40719362", true),
        ("1111", false), ("1234", false), ("4321", false), ("7890", false), ("98765", false),
        ("123", false), ("123456789", false), ("12a4", false), ("12 34", false), ("٢٥٨٠", false),
    ])
    func aPINIsFourToEightDigitsNotTheFirstOnesTried(pin: String, accepted: Bool) {
        #expect((try? AppLock.checkPIN(pin)) != nil || !accepted, "\(pin) should be accepted")
        #expect((try? AppLock.checkPIN(pin)) == nil || accepted, "\(pin) should be refused")
    }
}

@Suite("Retention")
struct RetentionTests {
    @Test func theCutoffIsTheSameMomentOneOrTwoCalendarYearsAgo() throws {
        let formatter = ISO8601DateFormatter()
        let now = try #require(formatter.date(from: "2026-11-26T03:00:00Z"))
        #expect(RetentionPeriod.oneYear.cutoff(at: now) == formatter.date(from: "2025-11-26T03:00:00Z"))
        #expect(RetentionPeriod.twoYears.cutoff(at: now) == formatter.date(from: "2024-11-26T03:00:00Z"))
        #expect(RetentionPeriod.never.cutoff(at: now) == nil)
        let leap = try #require(formatter.date(from: "2028-02-29T03:00:00Z"))
        #expect(RetentionPeriod.oneYear.cutoff(at: leap) == formatter.date(from: "2027-02-28T03:00:00Z"))
    }
}
