import Foundation

/// A file written through a buffer of about a megabyte: an export appends a few dozen bytes at a
/// time, millions of times.
final class BufferedFile {
    let url: URL
    private let handle: FileHandle
    var buffer: [UInt8] = []
    private(set) var written = 0
    private static let flushAt = 1 << 20

    init(_ url: URL) throws {
        self.url = url
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        handle = try FileHandle(forWritingTo: url)
        buffer.reserveCapacity(Self.flushAt + 4096)
    }

    /// Writes the buffer out once it is full.
    func flushIfFull() throws {
        if buffer.count >= Self.flushAt { try flush() }
    }

    func flush() throws {
        guard !buffer.isEmpty else { return }
        try handle.write(contentsOf: buffer)
        written += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    func close() throws {
        try flush()
        try handle.close()
    }
}
