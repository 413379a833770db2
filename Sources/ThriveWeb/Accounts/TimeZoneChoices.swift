import Foundation

/// The time zones a person picks from: each place once, under its current name. The system's list
/// also holds names the zone database has since changed (Europe/Kiev, now Europe/Kyiv; Asia/Calcutta,
/// now Asia/Kolkata), which read as the same place twice; browsers may still report the old name.
enum TimeZoneChoices {
    /// Renamed zones, old name to current (IANA tz "backward" file).
    static let renamed = [
        "America/Godthab": "America/Nuuk", "Asia/Calcutta": "Asia/Kolkata", "Asia/Katmandu": "Asia/Kathmandu",
        "Asia/Rangoon": "Asia/Yangon", "Asia/Saigon": "Asia/Ho_Chi_Minh", "Europe/Kiev": "Europe/Kyiv",
        "Pacific/Enderbury": "Pacific/Kanton", "Pacific/Ponape": "Pacific/Pohnpei", "Pacific/Truk": "Pacific/Chuuk",
        "Asia/Dacca": "Asia/Dhaka", "Asia/Thimbu": "Asia/Thimphu", "Asia/Ulan_Bator": "Asia/Ulaanbaatar",
        "Asia/Macao": "Asia/Macau", "Atlantic/Faeroe": "Atlantic/Faroe",
    ]

    /// Old names by current name, space-separated.
    static let formerNames = Dictionary(renamed.map { ($0.value, $0.key) }, uniquingKeysWith: { "\($0) \($1)" })

    /// The current name of `identifier`.
    static func current(_ identifier: String) -> String { renamed[identifier] ?? identifier }

    /// Every zone once, sorted, under its current name (one the system knows).
    static let all: [String] = Set(
        TimeZone.knownTimeZoneIdentifiers.map { name in
            let now = current(name)
            return TimeZone(identifier: now) == nil ? name : now
        }
    ).sorted()
}
