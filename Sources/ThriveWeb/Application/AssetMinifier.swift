/// Takes out of a stylesheet or a script what only its reader needs (comments, indentation, line
/// breaks), so that the repository keeps files that explain themselves and a phone loads less.
/// Deliberately conservative: nothing inside a quoted string changes, and no rewriting beyond
/// whitespace and comments.
enum AssetMinifier {
    /// CSS: comments out, runs of whitespace made one space, and no space around `{`, `}`, `;`, `,`
    /// or after `:` in a declaration's head (values keep their inner spaces: `calc(1px + 2px)`).
    static func stylesheet(_ source: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(source.utf8.count)
        let bytes = Array(source.utf8)
        var index = 0
        var quote: UInt8? = nil
        var pendingSpace = false
        func isTight(_ byte: UInt8) -> Bool {
            byte == .init(ascii: "{") || byte == .init(ascii: "}") || byte == .init(ascii: ";") || byte == .init(ascii: ",")
        }
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                output.append(byte)
                if byte == .init(ascii: "\\"), index + 1 < bytes.count {
                    output.append(bytes[index + 1])
                    index += 2
                    continue
                }
                if byte == open { quote = nil }
                index += 1
                continue
            }
            if byte == .init(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == .init(ascii: "*") {
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == .init(ascii: "*") && bytes[end + 1] == .init(ascii: "/")) {
                    end += 1
                }
                index = min(end + 2, bytes.count)
                pendingSpace = true
                continue
            }
            if byte == .init(ascii: " ") || byte == .init(ascii: "\n") || byte == .init(ascii: "\t") || byte == .init(ascii: "\r")
            {
                pendingSpace = true
                index += 1
                continue
            }
            if pendingSpace, let last = output.last, !isTight(last), !isTight(byte) { output.append(.init(ascii: " ")) }
            pendingSpace = false
            // The last declaration of a block needs no semicolon.
            if byte == .init(ascii: "}"), output.last == .init(ascii: ";") { output.removeLast() }
            if byte == .init(ascii: "\"") || byte == .init(ascii: "'") { quote = byte }
            output.append(byte)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// JavaScript: lines that are only a `//` comment, leading indentation and blank lines out; every
    /// other line is kept whole (a `//` after code may be inside a string, so it stays).
    static func script(_ source: String) -> String {
        source.split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.drop { $0 == " " || $0 == "\t" } }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") }
            .joined(separator: "\n") + "\n"
    }
}
