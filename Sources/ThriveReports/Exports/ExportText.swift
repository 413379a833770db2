import Foundation

/// The bytes of an export's values, written by hand: an export of millions of records spends most
/// of its time here, and Foundation's formatters and encoders are many times slower than these few
/// lines (a timestamp in a fraction of a microsecond, not several).
enum ExportText {
    private static let hex = Array("0123456789abcdef".utf8)
    private static let formulaStarts: Set<UInt8> = [61, 43, 45, 64, 9, 13]

    /// `2025-11-27T01:48:18.025Z`: UTC, to the millisecond.
    static func appendTimestamp(_ seconds: Double, to out: inout [UInt8]) {
        let milliseconds = Int64((seconds * 1000).rounded())
        var days = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
        let inDay = milliseconds - days * 86_400_000
        // Days to a civil date (Howard Hinnant's days_from_civil, reversed).
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        // Filled on the stack and appended at once: one capacity check instead of twenty-four.
        var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &text) { bytes in
            func put(_ value: Int64, _ width: Int, at end: Int) {
                var rest = value
                for index in stride(from: end - 1, through: end - width, by: -1) {
                    bytes[index] = UInt8(48 + rest % 10)
                    rest /= 10
                }
            }
            put(year, 4, at: 4)
            bytes[4] = UInt8(ascii: "-")
            put(month, 2, at: 7)
            bytes[7] = UInt8(ascii: "-")
            put(day, 2, at: 10)
            bytes[10] = UInt8(ascii: "T")
            put(inDay / 3_600_000, 2, at: 13)
            bytes[13] = UInt8(ascii: ":")
            put(inDay / 60_000 % 60, 2, at: 16)
            bytes[16] = UInt8(ascii: ":")
            put(inDay / 1000 % 60, 2, at: 19)
            bytes[19] = UInt8(ascii: ".")
            put(inDay % 1000, 3, at: 23)
            bytes[23] = UInt8(ascii: "Z")
            out.append(contentsOf: UnsafeRawBufferPointer(bytes))
        }
    }

    /// Whether a byte must be escaped in a JSON string.
    private static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 34 || byte == 92 }

    /// A JSON string, quotes included.
    static func appendJSONString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let utf8 = text.utf8
        if !utf8.contains(where: needsEscape) {
            out.append(contentsOf: utf8)
            return out.append(UInt8(ascii: "\""))
        }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): out.append(contentsOf: [92, 92])
            case UInt8(ascii: "\n"): out.append(contentsOf: [92, 110])
            case UInt8(ascii: "\r"): out.append(contentsOf: [92, 114])
            case UInt8(ascii: "\t"): out.append(contentsOf: [92, 116])
            case 0..<0x20:
                out.append(contentsOf: [92, 117, 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A CSV field: quoted when it holds a comma, a quote or a line break; text that a spreadsheet
    /// would run as a formula (starting with =, +, -, @, a tab or a carriage return) is given a
    /// leading apostrophe, so that opening a person's own notes cannot run anything.
    static func appendCSVText(_ text: String, to out: inout [UInt8]) {
        let utf8 = text.utf8
        let formula = utf8.first.map(formulaStarts.contains) ?? false
        let quoted = utf8.contains { $0 == 44 || $0 == 34 || $0 == 10 || $0 == 13 }
        if quoted { out.append(34) }
        if formula { out.append(UInt8(ascii: "'")) }
        for byte in utf8 {
            out.append(byte)
            if byte == 34 { out.append(34) }
        }
        if quoted { out.append(34) }
    }

    /// A number as JSON and CSV both read it (finite only: the store holds no others).
    static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        guard value.isFinite else { return out.append(contentsOf: Array("null".utf8)) }
        if value == value.rounded(), abs(value) < 1e15 {
            appendInteger(Int(value), to: &out)
        } else {
            out.append(contentsOf: value.description.utf8)
        }
    }

    static func appendInteger(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var rest = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: UInt.max has 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { bytes in
            repeat {
                bytes[23 - count] = UInt8(48 + rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[(24 - count)...]))
        }
    }

    static func appendUUID(_ value: UUID, to out: inout [UInt8]) {
        var text: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        let hex = Self.hex
        withUnsafeBytes(of: value.uuid) { uuid in
            withUnsafeMutableBytes(of: &text) { bytes in
                var at = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        bytes[at] = UInt8(ascii: "-")
                        at += 1
                    }
                    bytes[at] = hex[Int(uuid[index] >> 4)]
                    bytes[at + 1] = hex[Int(uuid[index] & 15)]
                    at += 2
                }
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<36]))
            }
        }
    }
}
