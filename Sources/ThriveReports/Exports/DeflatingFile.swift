import CDeflate
import Foundation
import Synchronization

/// One file of an export's ZIP, written through a buffer of about a megabyte and deflated as it
/// goes (zlib's fastest level: an export of millions of records spent most of its time in
/// ZIPFoundation's default level) into a work file of its own, with the CRC-32 and sizes the ZIP's
/// headers need. ``ZipWriter`` copies the deflated bytes into the archive; nothing is compressed twice.
///
/// Deflating runs on a queue of its own, so that it takes the second core while the rows are read
/// and written as text: a full buffer is handed over and a new one filled, at most two waiting, so
/// memory stays flat. The writer (one task) touches only `buffer`; the queue everything else.
final class DeflatingFile: @unchecked Sendable {
    /// Where it goes in the archive: `data/heart_rate.json`.
    let path: String
    private let work: URL
    private let handle: FileHandle
    var buffer: [UInt8] = []
    private var stream = z_stream()
    private var output = [UInt8](repeating: 0, count: 1 << 18)
    private var crc: UInt = crc32(0, nil, 0)
    private var ended = false
    private(set) var size: UInt64 = 0
    private(set) var compressedSize: UInt64 = 0
    private static let flushAt = 1 << 20
    private let queue = DispatchQueue(label: "thrive.export.deflate")
    private let waiting = DispatchSemaphore(value: 2)
    /// The first error the queue met, thrown to the writer at its next hand-over or at the end.
    private let failure = Mutex<(any Error)?>(nil)

    struct Entry {
        let path: String
        let work: URL
        let crc: UInt32
        let size: UInt64
        let compressedSize: UInt64
    }

    init(path: String, in folder: URL) throws {
        self.path = path
        work = folder.appendingPathComponent(path + ".deflate")
        try FileManager.default.createDirectory(at: work.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: work.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: work.path])
        }
        handle = try FileHandle(forWritingTo: work)
        buffer.reserveCapacity(Self.flushAt + 4096)
        // Raw deflate (negative window bits): the ZIP's own headers replace zlib's.
        guard
            deflateInit2_(
                &stream, Z_BEST_SPEED, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: work.path]) }
    }

    deinit {
        // An export that failed half-way: zlib's state is freed all the same.
        if !ended { deflateEnd(&stream) }
    }

    /// The buffer, left empty here, for a writer to fill as a local and give back (see ``ExportTableWriter``).
    func takeBuffer() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &buffer)
        return taken
    }

    /// Hands the buffer to the queue once it is full.
    func flushIfFull() throws {
        guard buffer.count >= Self.flushAt else { return }
        if let error = failure.withLock({ $0 }) { throw error }
        waiting.wait()
        let full = buffer
        buffer = []
        buffer.reserveCapacity(Self.flushAt + 4096)
        queue.async {
            defer { self.waiting.signal() }
            do {
                try self.deflate(full, finishing: false)
            } catch {
                self.failure.withLock { if $0 == nil { $0 = error } }
            }
        }
    }

    /// Adds bytes written elsewhere whole (a photo sent to the coach, the README).
    func write(_ data: Data) throws {
        buffer.append(contentsOf: data)
        try flushIfFull()
    }

    /// Deflates what is left and closes the work file: the entry for the archive.
    func finish() throws -> Entry {
        let rest = buffer
        buffer = []
        return try queue.sync {
            if let error = failure.withLock({ $0 }) { throw error }
            try deflate(rest, finishing: true)
            deflateEnd(&stream)
            ended = true
            try handle.close()
            return Entry(path: path, work: work, crc: UInt32(crc), size: size, compressedSize: compressedSize)
        }
    }

    /// On the queue only.
    private func deflate(_ chunk: [UInt8], finishing: Bool) throws {
        var chunk = chunk
        let count = chunk.count
        try chunk.withUnsafeMutableBufferPointer { input in
            crc = crc32(crc, input.baseAddress, uInt(count))
            stream.next_in = input.baseAddress
            stream.avail_in = uInt(count)
            var status: Int32
            repeat {
                status = try output.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    let status = CDeflate.deflate(&stream, finishing ? Z_FINISH : Z_NO_FLUSH)
                    guard status != Z_STREAM_ERROR else {
                        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: work.path])
                    }
                    let produced = out.count - Int(stream.avail_out)
                    if produced > 0 {
                        try handle.write(contentsOf: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(out)[0..<produced]))
                        compressedSize += UInt64(produced)
                    }
                    return status
                }
            } while stream.avail_out == 0 || (finishing && status != Z_STREAM_END)
        }
        size += UInt64(count)
    }
}
