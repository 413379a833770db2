import Foundation
import ThriveCore
import ThriveNotify

/// `POST /api/v1/mobile/devices` as spec 001 shows it. `deviceToken` names the channel:
/// `webpush:<endpoint URL>` with the subscription's `keys`, or `apns:<hex token>`. `preferences`
/// turns categories off for this device (spec 001's `criticalAlerts`, `testResults`, `reminders`
/// and `educational`, or any of the settings' category names).
struct DeviceRegistration: Codable, Sendable {
    struct Keys: Codable, Sendable {
        let p256dh: String
        let auth: String
    }
    let deviceToken: String
    let platform: String
    let osVersion: String?
    let appVersion: String?
    let preferences: [String: Bool]?
    let keys: Keys?

    static let platforms: Set<String> = ["web", "ios", "android"]
    /// Spec 001's names for groups of categories.
    static let aliases: [String: [NotificationCategory]] = [
        "reminders": [.habitReminders, .checkInReminders, .testKitReminders, .routineReminders],
        "educational": [.tips],
    ]

    func device(id: PushDeviceID, at time: Date) throws(ValidationError) -> PushDevice {
        guard Self.platforms.contains(platform) else {
            throw ValidationError(field: "platform", Phrase("push.badPlatform"))
        }
        for (field, value) in [("osVersion", osVersion), ("appVersion", appVersion)] {
            if let value, value.count > 32 { throw ValidationError(field: field, Phrase("push.badVersion")) }
        }
        var muted: Set<NotificationCategory> = []
        for (name, on) in preferences ?? [:] {
            guard let categories = Self.aliases[name] ?? NotificationCategory(rawValue: name).map({ [$0] }) else {
                throw ValidationError(field: "preferences.\(name)", Phrase("push.unknownPreference"))
            }
            if !on { muted.formUnion(categories) }
        }
        if deviceToken.hasPrefix("webpush:") {
            guard let keys else { throw ValidationError(field: "keys", Phrase("push.keysNeeded")) }
            let subscription = try WebPushSubscription(
                endpoint: String(deviceToken.dropFirst("webpush:".count)), p256dh: keys.p256dh, auth: keys.auth)
            return PushDevice(
                id: id, channel: .webPush, token: subscription.endpoint.absoluteString,
                p256dh: subscription.p256dh.base64URLEncoded, auth: subscription.auth.base64URLEncoded, platform: platform,
                osVersion: osVersion, appVersion: appVersion, mutedCategories: muted, registeredAt: time)
        }
        if deviceToken.hasPrefix("apns:") {
            let token = deviceToken.dropFirst("apns:".count).lowercased()
            guard (64...200).contains(token.count), token.allSatisfy(\.isHexDigit) else {
                throw ValidationError(field: "deviceToken", Phrase("push.badToken"))
            }
            return PushDevice(
                id: id, channel: .apns, token: token, platform: platform, osVersion: osVersion, appVersion: appVersion,
                mutedCategories: muted, registeredAt: time)
        }
        throw ValidationError(field: "deviceToken", Phrase("push.badToken"))
    }
}

/// A device as the API shows it: never its token or keys (a push endpoint is a capability).
struct DeviceBody: Encodable, Sendable {
    let id: String
    let channel: String
    let platform: String
    let osVersion: String?
    let appVersion: String?
    let preferences: [String: Bool]
    let registeredAt: Date

    init(_ device: PushDevice) {
        id = device.id.description
        channel = device.channel.rawValue
        platform = device.platform
        osVersion = device.osVersion
        appVersion = device.appVersion
        preferences = Dictionary(
            uniqueKeysWithValues: NotificationCategory.allCases.map { ($0.rawValue, device.rings(for: $0)) })
        registeredAt = device.registeredAt
    }
}
