import Foundation
import ThriveCore
import ThriveNotify

/// What a push shows on a locked screen, in the person's language (spec 001 §1, spec 004): by
/// default only the kind's prompt to open Thrive ("Important health alert — open Thrive"), never a
/// value or a condition; the notification's own words only for categories the person chose to show
/// on the lock screen. The full text stays in the notification center, behind sign-in.
enum LockScreenMessage {
    /// A test notification says its own words: they are Thrive's, not the person's health. The
    /// buttons are the kind's; "snooze" only with a token to send back.
    static func message(for entry: NotificationEntry, settings: Settings, test: Bool = false, snooze: String? = nil)
        -> PushMessage
    {
        let language = settings.display.language ?? .en
        return Localizer.$current.withValue(Localizer(language)) {
            let details = test || settings.notifications.showsDetails(entry.kind.category)
            return PushMessage(
                title: details ? t(entry.title) : t("notification.lock.title"),
                body: details ? t(entry.body) : t(entry.kind.lockScreenKey), url: entry.link, tag: "thrive-\(entry.id)",
                kind: entry.kind.rawValue, urgency: urgency(entry.kind.importance),
                timeToLive: timeToLive(entry.kind.importance),
                actions: entry.kind.actions.filter { $0 != .snooze || snooze != nil }.map {
                    PushMessage.Action(action: $0.rawValue, title: t($0.titleKey))
                }, snooze: entry.kind.actions.contains(.snooze) ? snooze : nil)
        }
    }

    static func urgency(_ importance: NotificationImportance) -> PushMessage.Urgency {
        switch importance {
        case .critical, .high: return .high
        case .normal: return .normal
        case .low: return .low
        }
    }

    /// How long a push service holds it for a phone that is off: a day for an alert, an hour for a
    /// reminder (a habit reminder five hours late is noise), half a day for the rest.
    static func timeToLive(_ importance: NotificationImportance) -> Int {
        switch importance {
        case .critical, .low: return 86_400
        case .high: return 3_600
        case .normal: return 43_200
        }
    }
}
