/// The languages Thrive's interface is written in (spec 003, SC-010: five at launch).
public enum Language: String, Sendable, Codable, CaseIterable {
    case en, es, fr, de, pt

    /// The language's name in itself, as a language picker shows it.
    public var nativeName: String {
        switch self {
        case .en: "English"
        case .es: "Español"
        case .fr: "Français"
        case .de: "Deutsch"
        case .pt: "Português"
        }
    }

    /// The locale dates and numbers follow. English keeps the day-month order and 24-hour clock
    /// the app has always shown; Portuguese follows Brazil, where most of its speakers live.
    public var localeIdentifier: String {
        switch self {
        case .en: "en_GB"
        case .es: "es_ES"
        case .fr: "fr_FR"
        case .de: "de_DE"
        case .pt: "pt_BR"
        }
    }

    /// The CLDR plural category of a whole count: French and Brazilian Portuguese treat 0 as
    /// singular ("0 séance"), the others only 1.
    public func isSingular(_ count: Int) -> Bool {
        switch self {
        case .fr, .pt: count == 0 || count == 1
        case .en, .es, .de: count == 1
        }
    }
}
