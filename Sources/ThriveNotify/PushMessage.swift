import Foundation

/// What one push says, already in the reader's language and already cut to what a locked screen
/// may show: the notification center keeps the full words, a push only says enough to open Thrive.
public struct PushMessage: Hashable, Sendable, Codable {
    public let title: String
    public let body: String
    /// The screen it opens: a path inside Thrive.
    public let url: String
    /// One tag per notification, so a second delivery replaces the first on the device.
    public let tag: String
    /// The notification kind's name (`criticalAlert`), for the app to choose a sound or a channel.
    public let kind: String
    public let urgency: Urgency
    /// How long a push service may hold it for an offline device.
    public let timeToLive: Int
    /// Its buttons, in order.
    public let actions: [Action]
    /// What the "snooze" button sends back to put this notification off (a signed token).
    public let snooze: String?

    /// A button: what it does (`logNow`, `snooze`…) and its words.
    public struct Action: Hashable, Sendable, Codable {
        public let action: String
        public let title: String

        public init(action: String, title: String) {
            self.action = action
            self.title = title
        }
    }

    /// RFC 8030 §5.3's urgencies; APNs maps them to its priority and interruption level.
    public enum Urgency: String, Hashable, Sendable, Codable {
        case veryLow = "very-low"
        case low, normal, high
    }

    public init(
        title: String, body: String, url: String, tag: String, kind: String, urgency: Urgency, timeToLive: Int,
        actions: [Action] = [], snooze: String? = nil
    ) {
        self.title = title
        self.body = body
        self.url = url
        self.tag = tag
        self.kind = kind
        self.urgency = urgency
        self.timeToLive = timeToLive
        self.actions = actions
        self.snooze = snooze
    }

    /// The JSON a service worker reads (`title`, `body`, `url`, `tag`, `kind`, `actions`, `snooze`).
    public var webPayload: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let payload = WebPayload(
            title: title, body: body, url: url, tag: tag, kind: kind, actions: actions.isEmpty ? nil : actions, snooze: snooze)
        return (try? encoder.encode(payload)) ?? Data()
    }

    struct WebPayload: Codable {
        let title, body, url, tag, kind: String
        let actions: [Action]?
        let snooze: String?
    }
}

/// What a push service answered.
public enum PushOutcome: Hashable, Sendable {
    case delivered
    /// The device is gone for good (Web Push 404/410, APNs 410 or an unregistered token): forget it.
    case gone
    /// Anything else: tried again later, twice at most.
    case failed(String)
}
