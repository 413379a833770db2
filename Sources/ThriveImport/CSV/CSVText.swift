/// Comma-separated values as RFC 4180 writes them: fields in double quotes may hold commas, line
/// breaks and doubled quotes; lines end in CRLF or LF. A spreadsheet's semicolon-separated export
/// (Excel in much of Europe) is read too, when the first line has semicolons and no commas.
public enum CSVText {
    public static func rows(_ text: String) -> [[String]] {
        let separator: Character = Self.separator(text)
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = text.hasPrefix("\u{FEFF}") ? Substring(text.dropFirst()) : Substring(text)
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" {
                        field.append("\"")
                        characters.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where field.isEmpty: quoted = true
            case separator:
                row.append(field)
                field = ""
            case "\n", "\r\n", "\r":
                row.append(field)
                field = ""
                if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
                row = []
            default: field.append(character)
            }
        }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }

    static func separator(_ text: String) -> Character {
        let first = text.prefix { $0 != "\n" && $0 != "\r\n" }
        return !first.contains(",") && first.contains(";") ? ";" : ","
    }
}
