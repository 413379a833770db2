/// Small helpers for writing SVG by hand: escaped text and compact numbers.
enum SVGText {
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A coordinate with at most one decimal: enough for a screen, and short.
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        let whole = Int(tenths) / 10
        let decimal = abs(Int(tenths) % 10)
        if decimal == 0 { return String(Int(tenths / 10)) }
        return (tenths < 0 && whole == 0 ? "-" : "") + "\(whole).\(decimal)"
    }
}
