import Foundation
import Hummingbird
import Logging

/// The app's public files, as the file middleware serves them: stylesheets and scripts come minified
/// from memory (read once, at start), everything else from disk. What every page loads is about a
/// fifth lighter, and the files in the repository keep the comments that explain them.
struct PublicFiles: FileProvider {
    struct FileAttributes: FileMiddlewareFileAttributes, Sendable {
        let isFolder: Bool
        let size: Int
        let modificationDate: Date
    }

    private struct Minified: Sendable {
        let bytes: ByteBuffer
        let modificationDate: Date
    }

    /// The folder the installation carries them in.
    static var folder: URL? { Bundle.module.url(forResource: "public", withExtension: nil) }

    private let disk: LocalFileSystem
    /// Keyed by the identifier the disk provider gives the file's address.
    private let minified: [String: Minified]

    init(root: String, logger: Logger) throws {
        disk = LocalFileSystem(rootFolder: root, threadPool: .singleton, logger: logger)
        var minified: [String: Minified] = [:]
        let assets = URL(fileURLWithPath: root).appendingPathComponent("assets")
        for name in try FileManager.default.contentsOfDirectory(atPath: assets.path) {
            let url = assets.appendingPathComponent(name)
            let source = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            let text: String
            switch url.pathExtension {
            case "css": text = AssetMinifier.stylesheet(source)
            case "js": text = AssetMinifier.script(source)
            default: continue
            }
            guard let id = disk.getFileIdentifier("/assets/\(name)") else { continue }
            let modified = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date ?? Date()
            minified[id] = Minified(bytes: ByteBuffer(string: text), modificationDate: modified)
        }
        self.minified = minified
    }

    func getFileIdentifier(_ path: String) -> String? { disk.getFileIdentifier(path) }

    func getAttributes(id: String) async throws -> FileAttributes? {
        if let file = minified[id] {
            return FileAttributes(isFolder: false, size: file.bytes.readableBytes, modificationDate: file.modificationDate)
        }
        guard let attributes = try await disk.getAttributes(id: id) else { return nil }
        return FileAttributes(
            isFolder: attributes.isFolder, size: attributes.size, modificationDate: attributes.modificationDate)
    }

    func loadFile(id: String, context: some RequestContext) async throws -> ResponseBody {
        if let file = minified[id] { return ResponseBody(byteBuffer: file.bytes) }
        return try await disk.loadFile(id: id, context: context)
    }

    func loadFile(id: String, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        if let file = minified[id] {
            let upper = min(range.upperBound, file.bytes.readableBytes - 1)
            guard range.lowerBound <= upper,
                let slice = file.bytes.getSlice(at: range.lowerBound, length: upper - range.lowerBound + 1)
            else { return ResponseBody(byteBuffer: ByteBuffer()) }
            return ResponseBody(byteBuffer: slice)
        }
        return try await disk.loadFile(id: id, range: range, context: context)
    }
}
