import Foundation
import ThriveCore
import ThriveStore

/// A source of notifications looked at once a day, at its moment in the person's day: the morning
/// check-in, the meal prompt, a low recovery, a week's insights. Later work (test-kit reminders,
/// lab results, skincare routines, evaluator nudges) adds one by writing a trigger and listing it in
/// ``BackgroundJobs``; the rules, the timing, the caps and the delivery are not touched.
protocol DailyTrigger: Sendable {
    var kind: NotificationKind { get }
    /// Unique among triggers: it names the trigger in the day's job.
    var name: String { get }
    /// Its own minute of the day (the 19:00 meal prompt); nil follows smart timing: 30 minutes
    /// before the person usually does what it prompts, else the kind's default minute.
    var fixedMinute: Int? { get }
    /// A minute of the day the person chose for it in their settings, which wins over the rest.
    func chosenMinute(_ person: TriggerPerson) -> Int?
    /// When the person did what it prompts in the last two weeks (smart timing); none by default.
    func usualTimes(_ person: TriggerPerson) async throws -> [Date]
    /// What to say today, or nil when there is nothing to say (the person did it already).
    func message(_ person: TriggerPerson) async throws -> TriggerMessage?
    /// Whether it looks at all today (a weekly note, a role's note): when not, the day's job does
    /// not wake for it. Every day, for everyone, by default.
    func looks(_ person: TriggerPerson) async throws -> Bool
}

extension DailyTrigger {
    var fixedMinute: Int? { nil }
    func chosenMinute(_ person: TriggerPerson) -> Int? { nil }
    func usualTimes(_ person: TriggerPerson) async throws -> [Date] { [] }
    func looks(_ person: TriggerPerson) async throws -> Bool { true }
}

/// The person and the day a trigger looks at.
struct TriggerPerson: Sendable {
    let owner: UserID
    let day: LocalDate
    let zone: TimeZone
    let now: Date
    let settings: Settings
    let joined: LocalDate
    let coaching: CoachingStart?

    var clock: LocalClock { LocalClock(zone: zone) }
    /// The day, start to end, in the person's zone.
    var today: DateWindow { DateWindow(from: day.start(in: zone), to: day.adding(days: 1).start(in: zone)) }
    /// The two weeks before today, for smart timing.
    var lastTwoWeeks: DateWindow { DateWindow(from: day.adding(days: -14).start(in: zone), to: day.start(in: zone)) }
}

/// What a trigger has to say: its key (one notification per key, ever), its words and its screen.
struct TriggerMessage: Sendable {
    let key: String
    let title: Phrase
    let body: Phrase
    let link: String
}
