import Foundation

/// Poppler's and qpdf's command-line tools (Debian `poppler-utils` and `qpdf`, installed by the
/// test command), the references a protected report is read back with.
public enum PDFTools {
    public struct Output: Sendable {
        public let status: Int32
        public let text: String
    }

    /// The PDF's text, opened with `password` (`pdftotext -layout -upw`).
    public static func text(_ pdf: [UInt8], password: String?) throws -> Output {
        try withFile(pdf) { file in
            try run("/usr/bin/pdftotext", ["-layout"] + (password.map { ["-upw", $0] } ?? []) + [file.path, "-"])
        }
    }

    /// `qpdf --show-encryption`: the security handler's revision, method and permissions.
    public static func encryption(_ pdf: [UInt8], password: String) throws -> Output {
        try withFile(pdf) { file in try run("/usr/bin/qpdf", ["--password=\(password)", "--show-encryption", file.path]) }
    }

    /// `pdfinfo`: page count and metadata.
    public static func info(_ pdf: [UInt8], password: String) throws -> Output {
        try withFile(pdf) { file in try run("/usr/bin/pdfinfo", ["-upw", password, file.path]) }
    }

    /// The number of pages `pdfinfo` reports, or nil when it cannot open the file.
    public static func pageCount(_ pdf: [UInt8], password: String) throws -> Int? {
        let info = try info(pdf, password: password)
        guard info.status == 0 else { return nil }
        return info.text.split(separator: "\n").first { $0.hasPrefix("Pages:") }
            .flatMap { Int($0.dropFirst("Pages:".count).trimmingCharacters(in: .whitespaces)) }
    }

    static func withFile<T>(_ bytes: [UInt8], _ body: (URL) throws -> T) throws -> T {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-\(UUID().uuidString).pdf")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try body(file)
    }

    /// Runs `tool`; its output is what it writes to standard output, and to standard error too
    /// unless `quietErrors` (a tool that chatters there about things beside the point).
    static func run(_ tool: String, _ arguments: [String], quietErrors: Bool = false) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = quietErrors ? FileHandle.nullDevice : output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, text: String(decoding: data, as: UTF8.self))
    }
}
