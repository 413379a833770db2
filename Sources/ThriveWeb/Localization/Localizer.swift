import Foundation
import ThriveCore

/// Looks up interface text and formats numbers and dates in one language. The language of the
/// request in hand is bound for the whole request (``LanguageMiddleware``), so any code that
/// writes text for a person reads ``current`` instead of passing a language through every call.
struct Localizer: Sendable {
    @TaskLocal static var current = Localizer(.en)

    let language: Language
    let locale: Locale
    /// The locale times of day follow: the language's own, or the region the browser names with
    /// it ("en-US" keeps a 12-hour clock), so the times Thrive writes match the browser's time
    /// fields, which follow the browser.
    let clock: Locale
    /// Whether `clock` reads 1–12 with AM and PM; otherwise times are "07:05", 00–23.
    let twelveHourClock: Bool
    private let catalog: StringCatalog
    private let fallback: StringCatalog

    init(_ language: Language, acceptLanguage: String? = nil) {
        self.language = language
        locale = Locale(identifier: language.localeIdentifier)
        clock =
            AcceptLanguage.region(of: language, in: acceptLanguage).map { Locale(identifier: "\(language.rawValue)_\($0)") }
            ?? locale
        // What the locale writes for 13:00 says its clock (its `hourCycle` can disagree, fr_CA).
        var afternoon = Date.FormatStyle(date: .omitted, time: .shortened, locale: clock)
        afternoon.timeZone = .gmt
        twelveHourClock = !Date(timeIntervalSince1970: 13 * 3_600).formatted(afternoon).contains("13")
        catalog = StringCatalog.bundled[language] ?? StringCatalog(language: language, entries: [:])
        fallback = StringCatalog.bundled[.en] ?? StringCatalog(language: .en, entries: [:])
    }

    /// The text for a key with its `{{name}}` placeholders filled in. A key missing everywhere
    /// shows as itself, which the catalog tests turn into a failure long before a person sees it.
    func callAsFunction(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        text(key, values.map { ($0.key, $0.value) })
    }

    func text(_ key: String, _ values: [(name: String, value: String)]) -> String {
        var text = catalog[key] ?? fallback[key] ?? key
        for (name, value) in values {
            text = text.replacingOccurrences(of: "{{\(name)}}", with: value)
        }
        return text
    }

    /// The text for a count: `key.one` or `key.other` by the language's plural rule, with the
    /// count, formatted, as `{{count}}`.
    func plural(_ key: String, _ count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        plural(key, count, values.map { ($0.key, $0.value) })
    }

    func plural(_ key: String, _ count: Int, _ values: [(name: String, value: String)]) -> String {
        let form = language.isSingular(count) ? "one" : "other"
        var text = text("\(key).\(form)", values)
        text = text.replacingOccurrences(of: "{{count}}", with: count.formatted(.number.locale(locale)))
        return text
    }

    /// The text of a key as a template (see ``CatalogScope``), else as plain text.
    func templateOrText(_ key: String) -> Any? {
        if let text = catalog[key] { return catalog.templates[key] ?? text }
        if let text = fallback[key] { return fallback.templates[key] ?? text }
        return nil
    }
}

/// Shorthand for the current request's text: `t("nav.dashboard")`.
func t(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
    Localizer.current(key, values)
}
