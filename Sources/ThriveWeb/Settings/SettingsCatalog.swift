import Foundation
import ThriveCore

/// One setting as the settings page shows it: where it lives in the settings document (a dotted
/// path, the same as the API's JSON), and its kind of control. Its label, hint and option labels
/// are catalog text keyed by the path ("setting.display.theme", "setting.display.theme.dark"). The
/// catalog drives the page, reading its forms, and search.
struct SettingItem: Sendable {
    enum Kind: Sendable {
        case toggle
        /// The stored values; "" stands for "none chosen", which sends the setting back to its default.
        case choice([String])
        case time
    }

    let path: String
    let kind: Kind
    /// Shown in Light mode too (spec F4.6's essentials); the rest are Deep mode's.
    let essential: Bool
    let hasHint: Bool
    /// Saved, but nothing uses it yet: the feature that will (`settings.comingSoon.` + this key)
    /// is to come, and the page says so rather than look as if it worked.
    let comingSoon: String?

    init(_ path: String, _ kind: Kind, essential: Bool = false, hasHint: Bool = false, comingSoon: String? = nil) {
        self.path = path
        self.kind = kind
        self.essential = essential
        self.hasHint = hasHint
        self.comingSoon = comingSoon
    }

    var label: String {
        // One sentence for every category's lock-screen choice, naming the category.
        let details = "notifications.lockScreenDetails."
        if path.hasPrefix(details) {
            return t(
                "setting.notifications.lockScreenDetails",
                ["category": t("setting.notifications.categories.\(path.dropFirst(details.count))")])
        }
        return t("setting.\(path)")
    }
    var hint: String? {
        let parts = [comingSoon.map { t("settings.comingSoon.\($0)") }, hasHint ? t("setting.\(path).hint") : nil]
        let said = parts.compactMap { $0 }
        return said.isEmpty ? nil : said.joined(separator: " ")
    }

    /// A language is named in itself, the same in every catalog, so a person can find their own.
    func optionLabel(_ value: String) -> String {
        if path == "display.language", let language = Language(rawValue: value) { return language.nativeName }
        return t("setting.\(path).\(value.isEmpty ? "auto" : value)")
    }
}

/// The eight categories of spec F4.6. Stored settings are editable items; the rest of a category
/// (account, devices, about) is information and links the page renders itself.
struct SettingsCategory: Sendable {
    let id: String
    let items: [SettingItem]

    var title: String { t("settings.category.\(id)") }
    /// Words that find this category in search besides its items' labels.
    var keywords: String { t("settings.category.\(id).keywords") }

    static let all: [SettingsCategory] = [
        SettingsCategory(
            id: "notifications",
            items: [
                SettingItem("notifications.enabled", .toggle, essential: true),
                SettingItem("notifications.quietHours.start", .time, essential: true),
                SettingItem("notifications.quietHours.end", .time, essential: true, hasHint: true),
                SettingItem("notifications.criticalAlertsBreakQuietHours", .toggle, essential: true, hasHint: true),
                SettingItem("notifications.emailCriticalAlerts", .toggle, essential: true, hasHint: true),
                SettingItem("notifications.checkInTime", .time, hasHint: true),
                SettingItem("notifications.frequency", .choice(["light", "deep"])),
            ]
                + NotificationCategory.allCases.map { SettingItem("notifications.categories.\($0.rawValue)", .toggle) }
                + NotificationCategory.allCases.map { SettingItem("notifications.lockScreenDetails.\($0.rawValue)", .toggle) }),
        SettingsCategory(
            id: "privacy",
            items: [
                SettingItem("privacy.anonymousAnalytics", .toggle, essential: true, hasHint: true),
                SettingItem("privacy.productResearch", .toggle),
                SettingItem("privacy.retention", .choice(["oneYear", "twoYears", "never"]), hasHint: true),
            ] + DataCategory.allCases.map { SettingItem("privacy.sharing.\($0.rawValue)", .toggle, hasHint: true) }),
        SettingsCategory(
            id: "account",
            items: []),
        SettingsCategory(
            id: "devices",
            items: []),
        SettingsCategory(
            id: "display",
            items: [
                SettingItem(
                    "display.language", .choice([""] + Language.allCases.map(\.rawValue)), essential: true, hasHint: true),
                SettingItem("display.theme", .choice(["auto", "light", "dark"]), essential: true),
                SettingItem("display.textSize", .choice(["small", "medium", "large", "extraLarge"]), essential: true),
                // Accessibility is never behind a mode: every one of these shows in Light mode too.
                SettingItem("display.reduceMotion", .toggle, essential: true),
                SettingItem("display.highContrast", .toggle, essential: true, hasHint: true),
                SettingItem(
                    "display.colorBlindMode", .choice(["none", "protanopia", "deuteranopia", "tritanopia"]), essential: true),
                SettingItem("display.screenReaderOptimized", .toggle, essential: true, hasHint: true),
            ]),
        SettingsCategory(
            id: "channels",
            items: [
                SettingItem(
                    "channels.preferred", .choice(["app", "whatsApp", "voice", "noPreference"]), hasHint: true,
                    comingSoon: "channels"),
                SettingItem("channels.whatsAppOptIn", .toggle, comingSoon: "channels"),
            ]),
        SettingsCategory(
            id: "coaching",
            items: [
                SettingItem("coaching.mode", .choice(["light", "deep"]), essential: true),
                SettingItem("coaching.focus", .choice(["balanced", "fitness", "nutrition", "wellbeing"])),
                SettingItem("coaching.tone", .choice(["supportive", "motivational", "direct", "gentle"])),
                SettingItem("coaching.difficulty", .choice(["conservative", "moderate", "aggressive"])),
                SettingItem("coaching.coach", .choice(["onDevice", "anthropic"]), essential: true, hasHint: true),
                SettingItem("coaching.shareHabitsWithHostedCoach", .toggle, essential: true, hasHint: true),
            ]),
        SettingsCategory(
            id: "about",
            items: []),
    ]

    static func item(_ path: String) -> SettingItem? {
        all.lazy.flatMap(\.items).first { $0.path == path }
    }
}
