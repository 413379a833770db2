import Foundation

/// The export's time stamps, "2024-03-10 07:30:00 -0500": local wall time and its UTC offset, so
/// each is one exact instant whatever zone the person was in. Read by hand: millions of them, and a
/// date formatter costs microseconds each.
enum ExportDate {
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        // yyyy-MM-dd HH:mm:ss ±hhmm
        guard bytes.count == 25, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x20, bytes[13] == 0x3A,
            bytes[16] == 0x3A, bytes[19] == 0x20, bytes[20] == 0x2B || bytes[20] == 0x2D
        else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for index in from..<(from + count) {
                let digit = Int(bytes[index]) - 0x30
                guard digit >= 0, digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
            let minute = number(14, 2), let second = number(17, 2), let offsetHours = number(21, 2),
            let offsetMinutes = number(23, 2), (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
            second < 61, offsetMinutes < 60
        else { return nil }
        let offset = (offsetHours * 3_600 + offsetMinutes * 60) * (bytes[20] == 0x2D ? -1 : 1)
        let seconds = daysFromCivil(year, month, day) * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
