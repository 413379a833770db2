import Foundation

/// Something that may become a notification: what kind, the condition it is about (so the same one
/// is never sent twice while open), and when it is meant for.
public struct NotificationCandidate: Hashable, Sendable {
    public let kind: NotificationKind
    /// "habit:<id>:2026-11-26", "alert:<id>": one key, one notification.
    public let key: String
    /// A time the person chose (a habit's reminder at 07:30); nil lets the rules pick the moment.
    public let fixedTime: Date?

    public init(kind: NotificationKind, key: String, fixedTime: Date? = nil) {
        self.kind = kind
        self.key = key
        self.fixedTime = fixedTime
    }
}

/// What the rules need to know about what has already happened.
public struct NotificationHistory: Hashable, Sendable {
    /// Notifications pushed today (the person's day), critical ones not counted.
    public var pushedToday: Int
    /// Keys of notifications sent and still open (unread, or their condition not resolved).
    public var openKeys: Set<String>
    /// Minute of the day the person usually does what a kind prompts (``SmartTiming``).
    public var usualMinute: [NotificationKind: Int]

    public init(pushedToday: Int = 0, openKeys: Set<String> = [], usualMinute: [NotificationKind: Int] = [:]) {
        self.pushedToday = pushedToday
        self.openKeys = openKeys
        self.usualMinute = usualMinute
    }
}

/// What to do with a candidate, and why (the why is what the job runner logs: a category and an
/// outcome, never the content).
public struct NotificationDecision: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        /// Push it now (and keep it in the notification center).
        case push
        /// Ask again at this time: the rules are run again then, with the day's history.
        case wait(until: Date)
        /// Keep it in the notification center only.
        case inAppOnly
        /// Not at all.
        case drop
    }

    public enum Reason: String, Hashable, Sendable {
        case due, scheduled, smartTiming, quietHours, duplicate, notificationsOff, categoryOff, notInMode, dailyCap
        /// More than ``NotificationRules/ceiling`` a day: a bug or a loop, never sent (spec 000).
        case ceiling
    }

    public let outcome: Outcome
    public let reason: Reason
}

/// Whether and when a notification goes out, from the person's settings and history (spec 000 F4.4,
/// spec 001 §1, spec 004 §10). Pure: the clock and the person's zone are given.
///
/// In order: a key already open is dropped; critical alerts are pushed unless notifications or
/// their category are off (then they stay in the app, as on the dashboard), and wait out quiet hours
/// unless the person opted in to being woken; every other kind is dropped when its category is off
/// or it is not part of Light mode, kept in the app when notifications are off or the day's cap is
/// reached (3 in Light, 8 in Deep; never more than 10), waits for its time (the one chosen, else the
/// hour the person usually acts, else the kind's default), and then for the end of quiet hours.
public enum NotificationRules {
    /// Spec 000: above 10 a day is a bug or spam, never sent.
    public static let ceiling = 10

    public static func dailyCap(_ mode: FlexibilityMode) -> Int { mode == .deep ? 8 : 3 }

    public static func decide(
        _ candidate: NotificationCandidate, settings: NotificationSettings, history: NotificationHistory, now: Date,
        zone: TimeZone
    ) -> NotificationDecision {
        let kind = candidate.kind
        if history.openKeys.contains(candidate.key) { return NotificationDecision(outcome: .drop, reason: .duplicate) }
        let clock = LocalClock(zone: zone)
        if kind.importance == .critical {
            if !settings.enabled { return NotificationDecision(outcome: .inAppOnly, reason: .notificationsOff) }
            if !settings.allows(kind.category) { return NotificationDecision(outcome: .inAppOnly, reason: .categoryOff) }
            if !settings.criticalAlertsBreakQuietHours, let end = quietEnd(after: now, settings.quietHours, clock) {
                return NotificationDecision(outcome: .wait(until: end), reason: .quietHours)
            }
            return NotificationDecision(outcome: .push, reason: .due)
        }
        if settings.categories[kind.category] == false { return NotificationDecision(outcome: .drop, reason: .categoryOff) }
        if settings.frequency == .light && !kind.inLightMode {
            return NotificationDecision(outcome: .drop, reason: .notInMode)
        }
        if !settings.enabled { return NotificationDecision(outcome: .inAppOnly, reason: .notificationsOff) }
        if history.pushedToday >= ceiling { return NotificationDecision(outcome: .drop, reason: .ceiling) }
        if history.pushedToday >= dailyCap(settings.frequency) {
            return NotificationDecision(outcome: .inAppOnly, reason: .dailyCap)
        }
        if let time = intendedTime(candidate, history: history, now: now, clock: clock), time > now {
            return NotificationDecision(
                outcome: .wait(until: time), reason: candidate.fixedTime != nil ? .scheduled : .smartTiming)
        }
        if let end = quietEnd(after: now, settings.quietHours, clock) {
            return NotificationDecision(outcome: .wait(until: end), reason: .quietHours)
        }
        return NotificationDecision(outcome: .push, reason: .due)
    }

    /// The moment a candidate is meant for: its own time, else today at the minute the person
    /// usually acts (a reminder 30 minutes before it), else today at the kind's default minute.
    /// A moment of today already past means now.
    static func intendedTime(_ candidate: NotificationCandidate, history: NotificationHistory, now: Date, clock: LocalClock)
        -> Date?
    {
        if let fixed = candidate.fixedTime { return fixed }
        let minute =
            history.usualMinute[candidate.kind].map { max($0 - SmartTiming.lead, 0) } ?? candidate.kind.defaultMinute
        guard let minute else { return nil }
        return clock.date(clock.day(of: now), minute: minute)
    }

    /// When quiet hours that hold at `date` end; nil when they do not hold then.
    static func quietEnd(after date: Date, _ quiet: QuietHours, _ clock: LocalClock) -> Date? {
        guard let start = QuietHours.minutes(quiet.start), let end = QuietHours.minutes(quiet.end),
            quiet.contains(minuteOfDay: clock.minute(of: date))
        else { return nil }
        let day = clock.day(of: date)
        // Inside a window that wraps midnight, before midnight its end is tomorrow's.
        let endDay = start > end && clock.minute(of: date) >= start ? day.adding(days: 1) : day
        return clock.date(endDay, minute: end)
    }
}
