import Foundation

/// A file's lines, read a megabyte at a time: each line's bytes without its line break, with its
/// number (from 1).
final class LineReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    private(set) var lineCount = 0

    init(_ url: URL) throws {
        handle = try FileHandle(forReadingFrom: url)
    }

    deinit { try? handle.close() }

    func next() throws -> (Int, [UInt8])? {
        while true {
            if let end = buffer[start...].firstIndex(of: 10) {
                var line = Array(buffer[start..<end])
                if line.last == 13 { line.removeLast() }
                start = end + 1
                lineCount += 1
                return (lineCount, line)
            }
            if ended {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                lineCount += 1
                return (lineCount, line)
            }
            buffer.removeFirst(start)
            start = 0
            let chunk = try handle.read(upToCount: 1_048_576) ?? Data()
            if chunk.isEmpty { ended = true } else { buffer.append(contentsOf: chunk) }
        }
    }
}
