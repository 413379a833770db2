import Foundation

/// Reads RFC 4180 CSV: fields separated by commas, records by CRLF or LF, fields in double quotes
/// may hold commas, line breaks and doubled quotes (`""` for `"`).
public enum CSVReader {
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let line: Int
        public let description: String
    }

    /// The records of `text`, each a list of fields; a trailing line break adds no empty record.
    public static func records(_ text: String) throws -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var afterQuote = false
        var line = 1
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let scalar = pending {
                pending = nil
                return scalar
            }
            return iterator.next()
        }
        while let scalar = next() {
            if quoted {
                if scalar == "\"" {
                    if let following = next() {
                        if following == "\"" {
                            field.unicodeScalars.append("\"")
                        } else {
                            quoted = false
                            afterQuote = true
                            pending = following
                        }
                    } else {
                        quoted = false
                        afterQuote = true
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                record.append(field)
                field = ""
                afterQuote = false
            case "\r":
                continue
            case "\n":
                record.append(field)
                records.append(record)
                record = []
                field = ""
                afterQuote = false
                line += 1
            case "\"" where field.isEmpty && !afterQuote:
                quoted = true
            default:
                if afterQuote { throw Failure(line: line, description: "Line \(line): text after a closing quote.") }
                field.unicodeScalars.append(scalar)
            }
        }
        if quoted { throw Failure(line: line, description: "Line \(line): a quoted field is not closed.") }
        if !field.isEmpty || !record.isEmpty || afterQuote {
            record.append(field)
            records.append(record)
        }
        return records
    }
}
