import Foundation
import ThriveCore

/// The library Thrive ships, read once from the Markdown files in Resources/content (audio and
/// video files are under public/media). A file that does not read stops the server at start with
/// the line to mend, as a program file does.
struct ContentLibrary: Sendable {
    let entries: [ContentEntry]
    let search: ContentSearch

    init(_ entries: [ContentEntry]) {
        self.entries = entries.sorted { $0.added != $1.added ? $0.added > $1.added : $0.title < $1.title }
        search = ContentSearch(entries)
    }

    static let bundled: ContentLibrary = {
        do { return try load() } catch { fatalError("A library file does not read: \(error)") }
    }()

    static func load() throws -> ContentLibrary {
        guard let folder = Bundle.module.url(forResource: "content", withExtension: nil) else {
            throw TextFileProblem(file: "content", line: 0, reason: "the content folder is not in the bundle")
        }
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }
        return ContentLibrary(
            try files.map { file in
                let name = file.deletingPathExtension().lastPathComponent
                guard let id = ContentID(name) else {
                    throw TextFileProblem(file: name, line: 0, reason: "a file name is lowercase words and hyphens")
                }
                var entry = try ContentText.entry(id: id, text: try String(contentsOf: file, encoding: .utf8))
                entry.language = .en
                return entry
            })
    }

    func entry(_ id: ContentID) -> ContentEntry? { entries.first { $0.id == id } }

    static func mediaURL(_ entry: ContentEntry) -> String? { entry.media.map { "/media/\($0)" } }
}
