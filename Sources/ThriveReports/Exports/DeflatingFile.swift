import CDeflate
import Foundation

/// One file of an export's ZIP, written through a buffer of about a megabyte and deflated as it
/// goes (zlib's fastest level: an export of millions of records spent most of its time in
/// ZIPFoundation's default level) into a work file of its own, with the CRC-32 and sizes the ZIP's
/// headers need. ``ZipWriter`` copies the deflated bytes into the archive; nothing is compressed twice.
final class DeflatingFile {
    /// Where it goes in the archive: `data/heart_rate.json`.
    let path: String
    private let work: URL
    private let handle: FileHandle
    var buffer: [UInt8] = []
    private var stream = z_stream()
    private var output = [UInt8](repeating: 0, count: 1 << 18)
    private var crc: UInt = crc32(0, nil, 0)
    private(set) var size: UInt64 = 0
    private(set) var compressedSize: UInt64 = 0
    private static let flushAt = 1 << 20

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

    /// Deflates the buffer once it is full.
    func flushIfFull() throws {
        if buffer.count >= Self.flushAt { try deflateBuffer(finishing: false) }
    }

    /// Adds bytes written elsewhere whole (a photo sent to the coach, the README).
    func write(_ data: Data) throws {
        buffer.append(contentsOf: data)
        try flushIfFull()
    }

    /// Deflates what is left and closes the work file: the entry for the archive.
    func finish() throws -> Entry {
        try deflateBuffer(finishing: true)
        deflateEnd(&stream)
        try handle.close()
        return Entry(path: path, work: work, crc: UInt32(crc), size: size, compressedSize: compressedSize)
    }

    private func deflateBuffer(finishing: Bool) throws {
        let count = buffer.count
        try buffer.withUnsafeMutableBufferPointer { input in
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
        buffer.removeAll(keepingCapacity: true)
    }
}
