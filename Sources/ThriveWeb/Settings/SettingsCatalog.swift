import Foundation
import ThriveCore

/// One setting as the settings page shows it: where it lives in the settings document (a dotted
/// path, the same as the API's JSON), its label, and its kind of control. The catalog drives the
/// page, reading its forms, and search.
struct SettingItem: Sendable {
    enum Kind: Sendable {
        case toggle
        case choice([(value: String, label: String)])
        case time
    }

    let path: String
    let label: String
    let kind: Kind
    /// Shown in Light mode too (spec F4.6's essentials); the rest are Deep mode's.
    let essential: Bool
    let hint: String?

    init(_ path: String, _ label: String, _ kind: Kind, essential: Bool = false, hint: String? = nil) {
        self.path = path
        self.label = label
        self.kind = kind
        self.essential = essential
        self.hint = hint
    }
}

/// The eight categories of spec F4.6. Stored settings are editable items; the rest of a category
/// (account, devices, about) is information and links the page renders itself.
struct SettingsCategory: Sendable {
    let id: String
    let title: String
    let items: [SettingItem]
    /// Words that find this category in search besides its items' labels.
    let keywords: String

    static func options<Value: RawRepresentable & CaseIterable>(
        _ type: Value.Type, _ label: (Value) -> String
    ) -> SettingItem.Kind where Value.RawValue == String {
        .choice(type.allCases.map { ($0.rawValue, label($0)) })
    }

    static let all: [SettingsCategory] = [
        SettingsCategory(
            id: "notifications", title: "Notifications",
            items: [
                SettingItem("notifications.enabled", "Notifications", .toggle, essential: true),
                SettingItem("notifications.quietHours.start", "Quiet hours start", .time, essential: true),
                SettingItem(
                    "notifications.quietHours.end", "Quiet hours end", .time, essential: true,
                    hint: "Quiet hours may run past midnight, like 22:00 to 07:00."),
                SettingItem(
                    "notifications.frequency", "How many a day",
                    .choice([("light", "Light: 1 to 3 a day"), ("deep", "Deep: up to 8 a day")])),
            ]
                + NotificationCategory.allCases.map {
                    SettingItem("notifications.categories.\($0.rawValue)", $0.displayName, .toggle)
                }, keywords: "reminders alerts quiet hours push"),
        SettingsCategory(
            id: "privacy", title: "Privacy and data",
            items: [
                SettingItem(
                    "privacy.anonymousAnalytics", "Anonymous analytics", .toggle, essential: true,
                    hint: "Off. Thrive has no analytics; this records your choice for when it might."),
                SettingItem("privacy.productResearch", "Product improvement research", .toggle),
                SettingItem(
                    "privacy.retention", "Delete data older than",
                    options(RetentionPeriod.self) {
                        switch $0 {
                        case .oneYear: "1 year"
                        case .twoYears: "2 years"
                        case .never: "Never"
                        }
                    }),
            ], keywords: "consent export delete retention privacy data"),
        SettingsCategory(id: "account", title: "Account", items: [], keywords: "email password name profile subscription"),
        SettingsCategory(
            id: "devices", title: "Connected devices", items: [], keywords: "apple health fitbit oura whoop sync wearables"),
        SettingsCategory(
            id: "display", title: "Display and accessibility",
            items: [
                SettingItem(
                    "display.theme", "Theme",
                    .choice([("auto", "Auto (follow the system)"), ("light", "Light"), ("dark", "Dark")]),
                    essential: true),
                SettingItem(
                    "display.textSize", "Text size",
                    .choice([("small", "Small"), ("medium", "Medium"), ("large", "Large"), ("extraLarge", "Extra large")]),
                    essential: true),
                SettingItem("display.reduceMotion", "Reduce motion", .toggle),
                SettingItem(
                    "display.colorBlindMode", "Colour-blind mode",
                    .choice([
                        ("none", "None"), ("protanopia", "Protanopia (red-weak)"), ("deuteranopia", "Deuteranopia (green-weak)"),
                        ("tritanopia", "Tritanopia (blue-weak)"),
                    ])),
                SettingItem("display.screenReaderOptimized", "Screen reader optimizations", .toggle),
            ], keywords: "theme dark light contrast font accessibility colour color blind motion"),
        SettingsCategory(
            id: "channels", title: "Channels",
            items: [
                SettingItem(
                    "channels.preferred", "Preferred channel",
                    .choice([
                        ("app", "This app"), ("whatsApp", "WhatsApp"), ("voice", "Voice"), ("noPreference", "No preference"),
                    ]),
                    hint: "WhatsApp and voice coaching are not available on this server yet; the app is used until then."),
                SettingItem("channels.whatsAppOptIn", "WhatsApp messages", .toggle),
            ], keywords: "whatsapp voice channel"),
        SettingsCategory(
            id: "coaching", title: "Goals and coaching",
            items: [
                SettingItem(
                    "coaching.mode", "Light or Deep mode",
                    .choice([("light", "Light: the essentials"), ("deep", "Deep: everything, with trends and more insights")]),
                    essential: true),
                SettingItem(
                    "coaching.focus", "Focus",
                    .choice([
                        ("balanced", "Balanced"), ("fitness", "Fitness"), ("nutrition", "Nutrition"), ("wellbeing", "Wellbeing"),
                    ])),
                SettingItem(
                    "coaching.tone", "Coaching tone",
                    .choice([
                        ("supportive", "Supportive"), ("motivational", "Motivational"), ("direct", "Direct"),
                        ("gentle", "Gentle"),
                    ])),
                SettingItem(
                    "coaching.difficulty", "Goal difficulty",
                    .choice([("conservative", "Conservative"), ("moderate", "Moderate"), ("aggressive", "Aggressive")])),
            ], keywords: "goals coach tone mode light deep"),
        SettingsCategory(
            id: "about", title: "About and support", items: [], keywords: "version help terms privacy policy feedback logout"),
    ]

    static func item(_ path: String) -> SettingItem? {
        all.lazy.flatMap(\.items).first { $0.path == path }
    }
}
