import Foundation

/// A chat message's words as HTML: everything escaped first, then the little formatting people
/// type in chats (**bold**, *italic* or _italic_), links made clickable (with their site shown, not
/// fetched: a preview would tell another site what is being talked about), and the person's own
/// name highlighted where the coach mentions it.
enum ChatText {
    static func html(_ text: String, mention name: String? = nil) -> String {
        var html = escape(text)
        html = replace(html, #"\*\*([^*\n]+)\*\*"#) { "<strong>\($0[1])</strong>" }
        // Emphasis hugs its words: "2 * 3 * 4" stays arithmetic.
        html = replace(html, #"(?<![\w*])\*([^*\s](?:[^*\n]*[^*\s])?)\*(?![\w*])"#) { "<em>\($0[1])</em>" }
        html = replace(html, #"(?<![\w/])_([^_\s](?:[^_\n]*[^_\s])?)_(?!\w)"#) { "<em>\($0[1])</em>" }
        html = replace(html, #"https?://[^\s<]+[^\s<.,;:!?)]"#) { match in
            let address = match[0]
            let site = URL(string: address.replacingOccurrences(of: "&amp;", with: "&"))?.host ?? address
            return #"<a href="\#(address)" rel="noopener noreferrer nofollow" target="_blank">\#(address)</a>"#
                + #" <span class="link-site">(\#(site))</span>"#
        }
        if let name, name.count > 1 {
            let escaped = NSRegularExpression.escapedPattern(for: escape(name))
            html = replace(html, #"\b\#(escaped)\b(?![^<]*>)"#) { #"<mark class="mention">\#($0[0])</mark>"# }
        }
        return html
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    private static func replace(_ text: String, _ pattern: String, _ make: ([String]) -> String) -> String {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return text }
        let source = text as NSString
        var result = ""
        var last = 0
        for match in regex.matches(in: text, range: NSRange(location: 0, length: source.length)) {
            result += source.substring(with: NSRange(location: last, length: match.range.location - last))
            let groups = (0..<match.numberOfRanges).map {
                match.range(at: $0).location == NSNotFound ? "" : source.substring(with: match.range(at: $0))
            }
            result += make(groups)
            last = match.range.location + match.range.length
        }
        return result + source.substring(from: last)
    }
}
