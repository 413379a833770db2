import Foundation
import Testing
import ThriveCore

/// Spec 004's deletion of an account unused for six months, at the second on each side of every
/// edge: the first warning 30 days before, the last 7 days before, the deletion at the end, and
/// never sooner than a warning promised.
@Suite("Deleting an unused account")
struct InactivityDeletionTests {
    static let lastActive = Date(timeIntervalSince1970: 1_772_323_200)  // 2026-03-01T00:00:00Z
    static let sixMonthsLater = Date(timeIntervalSince1970: 1_788_220_800)  // 2026-09-01T00:00:00Z
    static let day: TimeInterval = 86_400

    @Test func sixCalendarMonthsInUTC() {
        #expect(InactivityDeletion(lastActive: Self.lastActive).inactiveUntil == Self.sixMonthsLater)
        // 31 August 2026 12:00 + 6 months: 28 February 2027 12:00, the month's last day.
        let endOfAugust = Date(timeIntervalSince1970: 1_788_177_600)
        #expect(InactivityDeletion(lastActive: endOfAugust).inactiveUntil == Date(timeIntervalSince1970: 1_803_816_000))
    }

    @Test func warnedAt30And7DaysThenDeletedOnTheDay() {
        let first = Self.sixMonthsLater - 30 * Self.day
        let fresh = InactivityDeletion(lastActive: Self.lastActive)
        #expect(fresh.step(at: first - 1) == .none)
        #expect(fresh.step(at: first) == .warnFirst(deletesAt: Self.sixMonthsLater))

        let final = Self.sixMonthsLater - 7 * Self.day
        let warned = InactivityDeletion(lastActive: Self.lastActive, firstWarnedAt: first)
        #expect(warned.step(at: final - 1) == .none)
        #expect(warned.step(at: final) == .warnFinal(deletesAt: Self.sixMonthsLater))

        let both = InactivityDeletion(lastActive: Self.lastActive, firstWarnedAt: first, finalWarnedAt: final)
        #expect(both.deletesAt == Self.sixMonthsLater)
        #expect(both.step(at: Self.sixMonthsLater - 1) == .none)
        #expect(both.step(at: Self.sixMonthsLater) == .delete)
    }

    /// A server that was off when the warnings were due still gives the person their 30 and 7 days.
    @Test func lateWarningsPushTheDayBack() {
        let late = Self.sixMonthsLater + 10 * Self.day
        let never = InactivityDeletion(lastActive: Self.lastActive)
        #expect(never.step(at: late) == .warnFirst(deletesAt: late + 30 * Self.day), "not deleted untold")

        let warned = InactivityDeletion(lastActive: Self.lastActive, firstWarnedAt: late)
        #expect(warned.step(at: late + 23 * Self.day - 1) == .none)
        #expect(warned.step(at: late + 23 * Self.day) == .warnFinal(deletesAt: late + 30 * Self.day))
        #expect(warned.step(at: late + 60 * Self.day) == .warnFinal(deletesAt: late + 67 * Self.day))

        let both = InactivityDeletion(lastActive: Self.lastActive, firstWarnedAt: late, finalWarnedAt: late + 23 * Self.day)
        #expect(both.step(at: late + 30 * Self.day - 1) == .none)
        #expect(both.step(at: late + 30 * Self.day) == .delete)
    }
}
