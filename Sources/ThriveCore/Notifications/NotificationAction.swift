import Foundation

/// A button on a pushed notification (spec 000 F4.4, rich notifications): one that opens the
/// notification's screen under a name that says what it is for ("Log now", "View insight"), and
/// "Snooze" for a reminder, which brings it back an hour later.
public enum NotificationAction: String, Hashable, Sendable, Codable {
    case logNow, viewInsight, snooze

    /// Whether the button only opens the screen (as a tap on the notification does).
    public var opens: Bool { self != .snooze }

    /// Its words (`notification.action.` keys).
    public var titleKey: String { "notification.action.\(rawValue)" }

    /// How long a snooze puts a reminder off.
    public static let snoozeInterval: TimeInterval = 3_600

    /// When a reminder snoozed at `now` comes back: an hour later, or when quiet hours end if the
    /// hour falls in them.
    public static func snoozedUntil(now: Date, settings: NotificationSettings, zone: TimeZone) -> Date {
        let later = now + snoozeInterval
        return NotificationRules.quietEnd(after: later, settings.quietHours, LocalClock(zone: zone)) ?? later
    }
}

extension NotificationKind {
    /// The buttons its push offers: a reminder to do something can be done now or put off; an
    /// insight can be opened. A critical alert has none: it is opened, never snoozed away.
    public var actions: [NotificationAction] {
        switch self {
        case .checkInReminder, .habitReminder, .mealPrompt, .workoutPrompt, .routineReminder, .testKitReminder:
            return [.logNow, .snooze]
        case .insight: return [.viewInsight]
        case .coachingCheckIn, .coachingNudge, .milestone, .recoveryAlert, .criticalAlert, .testResult, .tip,
            .productUpdate, .dataImport, .dataExport, .accountNotice, .airQuality, .counselorMessage:
            return []
        }
    }
}
