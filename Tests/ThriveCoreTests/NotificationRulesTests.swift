import Foundation
import Testing

@testable import ThriveCore

/// Whether and when a notification goes out: every rule at its edge, in real time zones, across the
/// daylight-saving changes.
@Suite struct NotificationRulesTests {
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let lisbon = TimeZone(identifier: "Europe/Lisbon")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    static func decide(
        _ kind: NotificationKind, at now: String, zone: TimeZone = lisbon, key: String = "k", fixed: String? = nil,
        history: NotificationHistory = NotificationHistory(), _ change: (inout NotificationSettings) -> Void = { _ in }
    ) -> NotificationDecision {
        var settings = NotificationSettings()
        change(&settings)
        return NotificationRules.decide(
            NotificationCandidate(kind: kind, key: key, fixedTime: fixed.map(utc)), settings: settings, history: history,
            now: utc(now), zone: zone)
    }

    // MARK: Wall-clock time

    /// New York's clocks go forward at 02:00 on 8 March 2026 and back at 02:00 on 1 November.
    @Test(arguments: [
        ("2026-03-07", 7 * 60 + 30, "2026-03-07T12:30:00Z"),
        ("2026-03-08", 7 * 60 + 30, "2026-03-08T11:30:00Z"),
        ("2026-03-08", 2 * 60 + 30, "2026-03-08T07:30:00Z"),
        ("2026-11-01", 1 * 60 + 30, "2026-11-01T05:30:00Z"),
        ("2026-11-01", 7 * 60 + 30, "2026-11-01T12:30:00Z"),
        // Either side of each change, and the day's first and last minutes.
        ("2026-03-08", 0, "2026-03-08T05:00:00Z"),
        ("2026-03-08", 1 * 60 + 59, "2026-03-08T06:59:00Z"),
        ("2026-03-08", 3 * 60, "2026-03-08T07:00:00Z"),
        ("2026-03-08", 23 * 60 + 59, "2026-03-09T03:59:00Z"),
        ("2026-11-01", 1 * 60 + 59, "2026-11-01T05:59:00Z"),
        ("2026-11-01", 2 * 60, "2026-11-01T07:00:00Z"),
        ("2026-11-01", 23 * 60 + 59, "2026-11-02T04:59:00Z"),
    ])
    func aWallClockMinuteIsTheRightInstantAcrossDaylightSaving(day: String, minute: Int, instant: String) {
        let clock = LocalClock(zone: Self.newYork)
        #expect(clock.date(LocalDate(iso8601: day)!, minute: minute) == Self.utc(instant))
    }

    /// A habit reminder at 07:30 reaches a New Yorker at 07:30 on the morning the clocks change.
    @Test func aReminderAtHalfPastSevenOnTheSpringChangeDay() {
        let reminder = LocalClock(zone: Self.newYork).date(LocalDate(iso8601: "2026-03-08")!, minute: 7 * 60 + 30)
        #expect(reminder == Self.utc("2026-03-08T11:30:00Z"))
        let before = Self.decide(.habitReminder, at: "2026-03-08T11:29:00Z", zone: Self.newYork, fixed: "2026-03-08T11:30:00Z")
        #expect(before == NotificationDecision(outcome: .wait(until: reminder), reason: .scheduled))
        let on = Self.decide(.habitReminder, at: "2026-03-08T11:30:00Z", zone: Self.newYork, fixed: "2026-03-08T11:30:00Z")
        #expect(on == NotificationDecision(outcome: .push, reason: .due))
    }

    // MARK: Quiet hours (22:00–07:00 by default, across midnight)

    @Test(arguments: [
        ("2026-11-26T21:59:00Z", nil),
        ("2026-11-26T22:00:00Z", "2026-11-27T07:00:00Z"),
        ("2026-11-26T23:30:00Z", "2026-11-27T07:00:00Z"),
        ("2026-11-27T03:00:00Z", "2026-11-27T07:00:00Z"),
        ("2026-11-27T06:59:00Z", "2026-11-27T07:00:00Z"),
        ("2026-11-27T07:00:00Z", nil),
    ])
    func quietHoursHoldFromTenToSeven(now: String, until: String?) {
        let decision = Self.decide(.milestone, at: now)
        #expect(
            decision
                == (until.map { NotificationDecision(outcome: .wait(until: Self.utc($0)), reason: .quietHours) }
                    ?? NotificationDecision(outcome: .push, reason: .due)))
    }

    /// Quiet hours that end on the morning the clocks go forward end at 07:00 on the new time.
    @Test func quietHoursEndAtSevenOnTheNewTime() {
        let decision = Self.decide(.milestone, at: "2026-03-08T04:00:00Z", zone: Self.newYork)  // 23:00 EST
        #expect(decision == NotificationDecision(outcome: .wait(until: Self.utc("2026-03-08T11:00:00Z")), reason: .quietHours))
    }

    @Test func aWindowInsideOneDayWorksToo() {
        let decision = Self.decide(.milestone, at: "2026-11-26T13:30:00Z") {
            $0.quietHours = QuietHours(start: "13:00", end: "14:00")
        }
        #expect(decision == NotificationDecision(outcome: .wait(until: Self.utc("2026-11-26T14:00:00Z")), reason: .quietHours))
    }

    /// A traveller: quiet hours follow the zone they are in now. 13:00 UTC is 13:00 in Lisbon and
    /// 22:00 in Tokyo.
    @Test func aTravellersQuietHoursAreWhereTheyAre() {
        #expect(Self.decide(.milestone, at: "2026-11-26T13:00:00Z", zone: Self.lisbon).outcome == .push)
        #expect(
            Self.decide(.milestone, at: "2026-11-26T13:00:00Z", zone: Self.tokyo)
                == NotificationDecision(outcome: .wait(until: Self.utc("2026-11-26T22:00:00Z")), reason: .quietHours))
    }

    // MARK: Critical alerts

    @Test func aCriticalAlertWaitsOutQuietHoursUnlessThePersonOptedIn() {
        let night = "2026-11-27T03:00:00Z"
        #expect(
            Self.decide(.criticalAlert, at: night)
                == NotificationDecision(outcome: .wait(until: Self.utc("2026-11-27T07:00:00Z")), reason: .quietHours))
        #expect(Self.decide(.criticalAlert, at: night) { $0.criticalAlertsBreakQuietHours = true }.outcome == .push)
    }

    @Test func aCriticalAlertIsNeverCappedAndStaysInTheAppWhenSwitchedOff() {
        let noon = "2026-11-26T12:00:00Z"
        #expect(Self.decide(.criticalAlert, at: noon, history: NotificationHistory(pushedToday: 10)).outcome == .push)
        #expect(
            Self.decide(.criticalAlert, at: noon) { $0.enabled = false }
                == NotificationDecision(outcome: .inAppOnly, reason: .notificationsOff))
        #expect(
            Self.decide(.criticalAlert, at: noon) { $0.categories[.criticalAlerts] = false }
                == NotificationDecision(outcome: .inAppOnly, reason: .categoryOff))
        #expect(
            Self.decide(.criticalAlert, at: noon, key: "alert:1", history: NotificationHistory(openKeys: ["alert:1"]))
                == NotificationDecision(outcome: .drop, reason: .duplicate))
    }

    // MARK: Caps, modes and switches

    /// Light: 3 a day; Deep: 8; and never more than 10 whatever the mode says.
    @Test(arguments: [
        (FlexibilityMode.light, 2, NotificationDecision.Outcome.push), (.light, 3, .inAppOnly),
        (.deep, 7, .push), (.deep, 8, .inAppOnly), (.deep, 10, .drop),
    ])
    func theDailyCapKeepsTheRestInTheApp(mode: FlexibilityMode, pushed: Int, outcome: NotificationDecision.Outcome) {
        let decision = Self.decide(.milestone, at: "2026-11-26T12:00:00Z", history: NotificationHistory(pushedToday: pushed)) {
            $0.frequency = mode
        }
        #expect(decision.outcome == outcome)
    }

    @Test func lightModeKeepsTheEssentialsAndDeepAddsThePrompts() {
        let evening = "2026-11-26T19:00:00Z"
        #expect(Self.decide(.workoutPrompt, at: evening) == NotificationDecision(outcome: .drop, reason: .notInMode))
        #expect(Self.decide(.workoutPrompt, at: evening) { $0.frequency = .deep }.outcome == .push)
        #expect(Self.decide(.habitReminder, at: evening).outcome == .push, "a reminder the person set is theirs in Light too")
    }

    @Test func switchesDecide() {
        let noon = "2026-11-26T12:00:00Z"
        #expect(
            Self.decide(.milestone, at: noon) { $0.categories[.goalMilestones] = false }
                == NotificationDecision(outcome: .drop, reason: .categoryOff))
        #expect(Self.decide(.productUpdate, at: noon).reason == .categoryOff, "news about Thrive is off until asked for")
        #expect(
            Self.decide(.milestone, at: noon) { $0.enabled = false }
                == NotificationDecision(outcome: .inAppOnly, reason: .notificationsOff))
    }

    // MARK: Smart timing

    @Test func aPromptGoesHalfAnHourBeforeThePersonUsuallyActs() {
        let usual = NotificationHistory(usualMinute: [.checkInReminder: 8 * 60 + 40])
        #expect(
            Self.decide(.checkInReminder, at: "2026-11-26T07:00:00Z", history: usual)
                == NotificationDecision(outcome: .wait(until: Self.utc("2026-11-26T08:10:00Z")), reason: .smartTiming))
        #expect(Self.decide(.checkInReminder, at: "2026-11-26T08:10:00Z", history: usual).outcome == .push)
        // Without a history, the spec's 8 a.m.
        #expect(
            Self.decide(.checkInReminder, at: "2026-11-26T07:00:00Z")
                == NotificationDecision(outcome: .wait(until: Self.utc("2026-11-26T08:00:00Z")), reason: .smartTiming))
    }

    @Test func theUsualMinuteIsTheMedianOfAtLeastFiveTimes() {
        let times = ["08:41", "08:35", "23:50", "08:40", "08:44"].map { Self.utc("2026-11-20T\($0):00Z") }
        #expect(SmartTiming.usualMinute(of: Array(times.prefix(4)), zone: Self.lisbon) == nil)
        #expect(SmartTiming.usualMinute(of: times, zone: Self.lisbon) == 8 * 60 + 41, "one late night moves nothing")
        #expect(SmartTiming.usualMinute(of: times, zone: Self.newYork) == 3 * 60 + 41)
    }

    // MARK: Settings

    /// Settings stored before the new categories read with each one's default.
    @Test func storedSettingsWithoutTheNewCategoriesReadWithDefaults() throws {
        let stored =
            #"{"enabled":true,"categories":{"insights":false},"quietHours":{"start":"23:00","end":"06:30"},"frequency":"deep"}"#
        let settings = try JSONDecoder().decode(NotificationSettings.self, from: Data(stored.utf8))
        #expect(settings.categories[.insights] == false)
        #expect(settings.categories[.habitReminders] == true && settings.categories[.productUpdates] == false)
        #expect(!settings.criticalAlertsBreakQuietHours && !settings.showsDetails(.habitReminders))
        #expect(settings.quietHours == QuietHours(start: "23:00", end: "06:30") && settings.frequency == .deep)
    }

    @Test func everyKindHasALockScreenWordingWithoutValues() {
        for kind in NotificationKind.allCases {
            #expect(kind.lockScreenKey == "notification.lock.\(kind.rawValue)")
        }
        #expect(NotificationKind.criticalAlert.importance == .critical && NotificationImportance.critical > .high)
    }
}
