/// Reads back the times a Thrive export writes, `2026-11-26T07:30:00.000Z` (UTC, milliseconds),
/// without a date formatter: an export holds millions of them, and this exact form is the only one
/// it writes, so anything else is a damaged file.
enum ExportTimestamp {
    /// Seconds since 1970, or nil for text of any other form.
    static func seconds(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { bytes -> Double? in
            guard bytes.count == 24, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                bytes[19] == UInt8(ascii: "."), bytes[23] == UInt8(ascii: "Z")
            else { return nil }
            func number(_ from: Int, _ count: Int) -> Int? {
                var value = 0
                for index in from..<from + count {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    value = value * 10 + Int(digit)
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
                let minute = number(14, 2), let second = number(17, 2), let millisecond = number(20, 3),
                (1...12).contains(month), (1...days(in: month, of: year)).contains(day), hour < 24, minute < 60,
                second < 60
            else { return nil }
            let days = ExportDate.daysFromCivil(year, month, day)
            let milliseconds = ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millisecond
            return Double(milliseconds) / 1000
        }
    }

    private static func days(in month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
