import Foundation
import ThriveCore

/// The settings page: the eight categories, each a small form that saves as soon as something
/// changes (with a Save button when scripts are off). Light mode shows the essentials; Deep mode
/// shows everything and a search.
struct SettingsPage: Sendable {
    struct Option: Sendable {
        let id: String
        let value: String
        let label: String
        let selected: Bool
    }

    struct Item: Sendable {
        let path: String
        let id: String
        let label: String
        let isToggle: Bool
        let isTime: Bool
        let isChoice: Bool
        let checked: Bool
        let value: String
        let options: [Option]
        let hint: String?
        let error: String?
        let keywords: String
        let comingSoon: Bool
    }

    struct Category: Sendable {
        let id: String
        let title: String
        let items: [Item]
        let hasItems: Bool
        let isAccount: Bool
        let isPrivacy: Bool
        let isDevices: Bool
        let isNotifications: Bool
        let isAbout: Bool
        let saved: Bool
        let keywords: String
    }

    struct Account: Sendable {
        let name: String
        let email: String
        let dateOfBirth: String
        let units: String
        let timeZone: String
        let consent: String
        /// The terms are accepted, and the de-identified model-training choice (changeable here).
        var hasConsent = false
        var modelTraining = false
    }

    /// Push on this device, the devices that receive pushes, and the test button.
    struct Push: Sendable {
        struct Device: Sendable {
            let id: String
            let label: String
            let registered: String
            let removeLabel: String
        }
        let vapidKey: String
        let devices: [Device]
        var hasDevices: Bool { !devices.isEmpty }
        /// What the last test did ("Sent to 2 devices…").
        let tested: String?
    }

    let categories: [Category]
    var push: Push?
    let deep: Bool
    let query: String
    let searched: Bool
    let noMatches: Bool
    let account: Account
    let version: String
    /// The version of the settings shown: a change kept offline is sent as made on it, so only
    /// fields changed elsewhere since then keep the server's value.
    let syncVersion: String

    init(
        settings: Settings, deep: Bool, query: String, savedCategory: String?, errors: FormErrors, account: Account,
        syncVersion: Int64 = 0
    ) {
        self.syncVersion = String(syncVersion)
        let document =
            (try? JSONSerialization.jsonObject(with: StrictJSON.makeEncoder().encode(settings))) as? [String: Any] ?? [:]
        let words = query.lowercased().split(separator: " ").map(String.init)
        func matches(_ text: String) -> Bool { words.allSatisfy { text.lowercased().contains($0) } }
        var visible: [Category] = []
        for category in SettingsCategory.all {
            let searchable = category.title + " " + category.keywords
            let items = category.items.filter { item in
                (deep || item.essential) && (words.isEmpty || matches(searchable + " " + item.label))
            }.map { Self.item($0, value: Self.value(at: $0.path, in: document), error: errors[$0.path]) }
            let isInfo = category.items.isEmpty
            if !items.isEmpty || (isInfo && (words.isEmpty || matches(searchable))) {
                visible.append(
                    Category(
                        id: category.id, title: category.title, items: items, hasItems: !items.isEmpty,
                        isAccount: category.id == "account", isPrivacy: category.id == "privacy",
                        isDevices: category.id == "devices", isNotifications: category.id == "notifications",
                        isAbout: category.id == "about",
                        saved: savedCategory == category.id, keywords: searchable.lowercased()))
            }
        }
        categories = visible
        self.deep = deep
        self.query = query
        searched = !words.isEmpty
        noMatches = !words.isEmpty && visible.isEmpty
        self.account = account
        version = AppVersion.current
    }

    static func item(_ item: SettingItem, value: Any?, error: String?) -> Item {
        let id = item.path.replacingOccurrences(of: ".", with: "-")
        var options: [Option] = []
        var isToggle = false
        var isTime = false
        switch item.kind {
        case .toggle: isToggle = true
        case .time: isTime = true
        case .choice(let choices):
            options = choices.map {
                Option(id: "\(id)-\($0)", value: $0, label: item.optionLabel($0), selected: "\(value ?? "")" == $0)
            }
        }
        return Item(
            path: item.path, id: id, label: item.label, isToggle: isToggle, isTime: isTime, isChoice: !options.isEmpty,
            checked: (value as? Bool) ?? false, value: value.map { "\($0)" } ?? "", options: options, hint: item.hint,
            error: error, keywords: item.label.lowercased(), comingSoon: item.comingSoon != nil)
    }

    /// The value at a dotted path of the settings document.
    static func value(at path: String, in document: [String: Any]) -> Any? {
        var current: Any? = document
        for key in path.split(separator: ".") { current = (current as? [String: Any])?[String(key)] }
        return current
    }
}
