import Foundation
import ThriveCore

/// Shared display formats in the request's language (``Localizer/current``) and the person's zone.
enum DisplayFormat {
    private static var locale: Locale { Localizer.current.locale }

    static func count(_ value: Int) -> String {
        value.formatted(.number.locale(locale))
    }

    /// 0.65 as "65%" in English, "65 %" in German and French: the language's own way.
    static func percent(_ fraction: Double) -> String {
        fraction.formatted(.percent.precision(.fractionLength(0)).locale(locale))
    }

    /// "just now", "12 minutes ago", then the date and time: when something last happened.
    static func since(_ date: Date, zone: TimeZone, now: Date) -> String {
        let minutes = Int(now.timeIntervalSince(date) / 60)
        if minutes < 1 { return t("time.justNow") }
        if minutes < 60 { return t(Phrase("time.minutesAgo", ["count": .integer(minutes)])) }
        return "\(self.date(date, in: zone)) \(time(date, in: zone))"
    }

    /// "30 days", "1 day", "90 minutes": a length of time given in minutes, in whole days when it is.
    static func length(minutes: Int) -> String {
        if minutes >= 1_440, minutes % 1_440 == 0 { return t(Phrase("unit.days", ["count": .integer(minutes / 1_440)])) }
        return t(Phrase("unit.minutes", ["count": .integer(minutes)]))
    }

    /// "22 Nov 2026" for a calendar day, read at its midday so no zone or DST edge moves it.
    static func date(_ day: LocalDate, in zone: TimeZone) -> String {
        date(day.start(in: zone).addingTimeInterval(43_200), in: zone)
    }

    /// "22 Nov 2026".
    static func date(_ date: Date, in zone: TimeZone) -> String {
        var style = Date.FormatStyle(
            date: .abbreviated, time: .omitted, locale: locale, calendar: Calendar(identifier: .gregorian))
        style.timeZone = zone
        return date.formatted(style)
    }

    /// "22 Nov 2026, 14:05": a moment a person may need to the minute (when a link expires).
    static func dateTime(_ date: Date, in zone: TimeZone) -> String {
        "\(self.date(date, in: zone)), \(time(date, in: zone))"
    }

    /// "Sun 22 Nov", for a day in a table of recent days.
    static func shortDay(_ date: Date, in zone: TimeZone) -> String {
        var style = Date.FormatStyle(locale: locale, calendar: Calendar(identifier: .gregorian))
            .weekday(.abbreviated).day(.defaultDigits).month(.abbreviated)
        style.timeZone = zone
        return date.formatted(style).replacingOccurrences(of: ",", with: "")
    }

    /// "Sunday, 22 November 2026".
    static func longDate(_ date: Date, in zone: TimeZone) -> String {
        var style = Date.FormatStyle(
            date: .complete, time: .omitted, locale: locale, calendar: Calendar(identifier: .gregorian))
        style.timeZone = zone
        return date.formatted(style)
    }

    /// Weekday names Monday first, as the activity rhythm's rows are: "Monday", short "Mon", or
    /// one letter "M".
    static func weekdayNames(short: Bool = false, letter: Bool = false) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        let sundayFirst =
            letter
            ? calendar.veryShortStandaloneWeekdaySymbols
            : short ? calendar.shortStandaloneWeekdaySymbols : calendar.standaloneWeekdaySymbols
        return Array(sundayFirst.dropFirst() + sundayFirst.prefix(1))
    }

    /// "320 kcal".
    static func kilocalories(_ value: Double) -> String {
        "\(count(Int(value.rounded()))) kcal"
    }

    /// "84.0 kg", "84,0 kg", "185.2 lb": a load or body weight in the person's units, one decimal,
    /// in the reader's locale.
    static func mass(_ mass: Mass, _ units: UnitSystem) -> String {
        units == .metric
            ? "\(decimal(mass.kilograms, digits: 1, minimum: 1)) kg" : "\(decimal(mass.pounds, digits: 1, minimum: 1)) lb"
    }

    /// "150 g", "12.5 g": one decimal only where it says something.
    static func grams(_ value: Double) -> String {
        "\(decimal(value)) g"
    }

    static func decimal(_ value: Double, digits: Int = 1, minimum: Int = 0) -> String {
        value.formatted(.number.precision(.fractionLength(minimum...digits)).locale(locale))
    }

    /// A number as a person types it into a field: no grouping separators, no trailing zeros ("1500", "62.5").
    static func plain(_ value: Double, digits: Int = 1) -> String {
        value.formatted(.number.precision(.fractionLength(0...digits)).grouping(.never).locale(locale))
    }

    /// "08:05", or "8:05 AM" where the person's browser keeps a 12-hour clock, in their zone.
    static func time(_ date: Date, in zone: TimeZone) -> String {
        let localizer = Localizer.current
        guard localizer.twelveHourClock else {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let parts = calendar.dateComponents([.hour, .minute], from: date)
            return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        }
        var style = Date.FormatStyle(date: .omitted, time: .shortened, locale: localizer.clock)
        style.timeZone = zone
        return date.formatted(style)
    }

    /// A time of day with no date ("14:00", "2:00 PM"), minutes after midnight.
    static func clock(_ minutes: Int) -> String {
        time(Date(timeIntervalSince1970: Double(minutes % 1_440) * 60), in: .gmt)
    }
}

extension DisplayFormat {
    /// "$1,250.00", "1.250,00 €": an amount in a currency, the language's own way.
    static func money(_ amount: Double, currency: String) -> String {
        amount.formatted(.currency(code: currency).locale(Localizer.current.locale))
    }

    /// "+24%", "−8%": a change, with its sign always shown.
    static func signedPercent(_ fraction: Double) -> String {
        fraction.formatted(.percent.precision(.fractionLength(0)).sign(strategy: .always()).locale(Localizer.current.locale))
    }
}
