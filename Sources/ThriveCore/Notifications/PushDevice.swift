import Foundation

public typealias PushDeviceID = Identifier<PushDevice>

/// A device that receives the person's pushes: an installed web app (a Web Push subscription) or,
/// later, a native app (an APNs token). Spec 001's device registration: the platform and versions,
/// and per-category choices for this device on top of the person's settings.
public struct PushDevice: Hashable, Sendable, Identifiable {
    public enum Channel: String, Hashable, Sendable, Codable, CaseIterable {
        case webPush = "webpush"
        case apns
    }

    public let id: PushDeviceID
    public let channel: Channel
    /// The Web Push endpoint URL, or the APNs device token in hex. One device, one registration.
    public let token: String
    /// Web Push only: the browser's P-256 key and authentication secret, base64url.
    public let p256dh: String?
    public let auth: String?
    /// "web", "ios", "android".
    public let platform: String
    public let osVersion: String?
    public let appVersion: String?
    /// Categories this device is not to ring for (the person's settings still decide the rest).
    public let mutedCategories: Set<NotificationCategory>
    public let registeredAt: Date

    public init(
        id: PushDeviceID, channel: Channel, token: String, p256dh: String? = nil, auth: String? = nil, platform: String,
        osVersion: String? = nil, appVersion: String? = nil, mutedCategories: Set<NotificationCategory> = [],
        registeredAt: Date
    ) {
        self.id = id
        self.channel = channel
        self.token = token
        self.p256dh = p256dh
        self.auth = auth
        self.platform = platform
        self.osVersion = osVersion
        self.appVersion = appVersion
        self.mutedCategories = mutedCategories
        self.registeredAt = registeredAt
    }

    public func rings(for category: NotificationCategory) -> Bool { !mutedCategories.contains(category) }
}
