import Foundation

/// A mistake in a content file of the repository (a program, a library piece), with the line to
/// mend. Such a file stops the server at start, so a broken piece never reaches a person.
public struct TextFileProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let reason: String
    public var description: String { "\(file):\(line): \(reason)" }

    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }
}

/// A Markdown file that opens with a `---` block of `key: value` lines.
public struct FrontMatter: Sendable {
    public let file: String
    public let fields: [String: String]
    /// The file's lines, and the index of the line closing the block.
    public let lines: [String]
    public let close: Int

    public init(file: String, text: String, expecting: String) throws(TextFileProblem) {
        self.file = file
        lines = text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\r")) }
        guard lines.first == "---", let close = lines.dropFirst().firstIndex(of: "---") else {
            throw TextFileProblem(file: file, line: 1, reason: "the file starts with a --- block of \(expecting)")
        }
        self.close = close
        var fields: [String: String] = [:]
        for index in 1..<close {
            let line = lines[index]
            guard !line.isEmpty else { continue }
            guard let colon = line.firstIndex(of: ":") else {
                throw TextFileProblem(file: file, line: index + 1, reason: "expected key: value")
            }
            fields[String(line[..<colon]).trimmingCharacters(in: .whitespaces)] =
                String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        self.fields = fields
    }

    public func problem(_ line: Int, _ reason: String) -> TextFileProblem {
        TextFileProblem(file: file, line: line + 1, reason: reason)
    }

    public func field(_ key: String) throws(TextFileProblem) -> String {
        guard let value = fields[key], !value.isEmpty else { throw problem(0, "\(key) is missing") }
        return value
    }

    /// Everything after the block.
    public var body: String {
        lines[(close + 1)...].joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
