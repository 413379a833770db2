import Foundation

/// A calendar date with no time or zone, such as a date of birth ("1990-04-17").
public struct LocalDate: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Creates a date when the parts form a real calendar day (no 31 February).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.length(ofMonth: month, in: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses ISO 8601 `YYYY-MM-DD`.
    public init?(iso8601 text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The calendar day that `date` falls on in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        self.init(daysSinceEpoch: Int((local / 86_400).rounded(.down)))
    }

    public var iso8601: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    public var description: String { iso8601 }

    /// The instant this day starts in `timeZone`: its local midnight, or where a clock change skips
    /// midnight, the first instant of the day as `Calendar` says it.
    public func start(in timeZone: TimeZone) -> Date {
        let midnight = Double(daysSinceEpoch) * 86_400
        func offset(_ instant: Double) -> Double {
            Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: instant)))
        }
        // Local midnight lies between UTC 14:00 the day before and UTC 12:00 on the day, so it is
        // midnight less the offset in force on one side or the other of any clock change there;
        // where midnight happens twice (clocks going back over it), the day starts at the first.
        let candidates = [midnight - offset(midnight - 15 * 3_600), midnight - offset(midnight + 13 * 3_600)]
        if let start = candidates.filter({ $0 + offset($0) == midnight }).min() {
            return Date(timeIntervalSince1970: start)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day))!
    }

    /// Whole years from this date to `other`, as people count birthdays.
    public func wholeYears(until other: LocalDate) -> Int {
        var years = other.year - year
        if (other.month, other.day) < (month, day) { years -= 1 }
        return years
    }

    /// Whole calendar days from `other` to this date (negative when this one is earlier).
    public func days(since other: LocalDate) -> Int { daysSinceEpoch - other.daysSinceEpoch }

    public func adding(days: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// Day of the week, 1 = Sunday … 7 = Saturday (as `Calendar` numbers them); 1 January 1970
    /// was a Thursday.
    public var weekday: Int { ((daysSinceEpoch + 4) % 7 + 7) % 7 + 1 }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = LocalDate(iso8601: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "Expected a date as YYYY-MM-DD."))
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso8601)
    }
}

/// Calendar arithmetic by formula (the proleptic Gregorian calendar, as in ISO 8601): dates are
/// counted and compared thousands of times per chart, and a `Calendar` per call cost more than the
/// database read. The conversions are Howard Hinnant's `days_from_civil` and `civil_from_days`.
extension LocalDate {
    /// Days since 1 January 1970.
    public var daysSinceEpoch: Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `days` after 1 January 1970.
    public init(daysSinceEpoch days: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
        month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
