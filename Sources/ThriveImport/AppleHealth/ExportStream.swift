import Foundation
import ThriveCore
import ZIPFoundation

/// An Apple Health export read on its own thread, batch by batch, while the caller stores the
/// previous batch: parsing on one core, inserting on the other. The file is never held in memory:
/// `export.xml` streams out of the ZIP (or off the disk, for a bare `export.xml`) a megabyte at a
/// time, and the reader waits while two batches are waiting to be stored.
public final class ExportStream: @unchecked Sendable {
    public let url: URL
    private let owner: UUID
    private let batchSize: Int
    private let ready = DispatchSemaphore(value: 2)
    private let (batches, continuation) = AsyncThrowingStream.makeStream(of: ExportBatch.self)
    private let lock = NSLock()
    private var finalSummary: ImportSummary?
    private var notes: [ExportNote] = []
    private var bytesRead = 0
    private var totalBytes: Int?
    private var cancelled = false

    /// `url`: the Health app's `export.zip` or its `export.xml`; `owner`: whose records they become.
    public init(_ url: URL, owner: UUID, batchSize: Int = 20_000) {
        self.url = url
        self.owner = owner
        self.batchSize = batchSize
    }

    /// Starts reading; the batches come from ``next()``.
    public func start() {
        let thread = Thread { [self] in
            do {
                let summary = try read()
                lock.withLock { finalSummary = summary }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        thread.name = "apple-health-export"
        thread.start()
    }

    /// The next batch; nil at the end. Calling it again says the previous one is stored.
    public func makeAsyncIterator() -> AsyncThrowingStream<ExportBatch, any Error>.AsyncIterator {
        batches.makeAsyncIterator()
    }

    /// Says a batch was stored, so the reader may go on.
    public func stored() { ready.signal() }

    /// Stops the reader at its next chunk.
    public func cancel() {
        lock.withLock { cancelled = true }
        ready.signal()
    }

    /// The whole file's summary, once the stream has ended.
    public var summary: ImportSummary? { lock.withLock { finalSummary } }
    /// Things said about the file (an older `export_cda.xml` left out).
    public var remarks: [ExportNote] { lock.withLock { notes } }
    /// Bytes of XML read so far.
    public var progress: Int { lock.withLock { bytesRead } }
    /// How many bytes of XML there are, once known.
    public var total: Int? { lock.withLock { totalBytes } }

    private func read() throws -> ImportSummary {
        let reader = AppleHealthReader(owner: owner)
        let chunk = 1 << 20
        func feed(_ data: Data, last: Bool) throws {
            if lock.withLock({ cancelled }) { throw CancellationError() }
            try data.withUnsafeBytes { bytes in try reader.read(bytes, last: last) }
            lock.withLock { bytesRead = reader.bytesRead }
            if reader.waiting >= batchSize { hand(reader.take()) }
        }
        if try isZIP() {
            let archive: Archive
            do { archive = try Archive(url: url, accessMode: .read) } catch { throw ExportError.unreadableArchive }
            var xml: Entry?
            for entry in archive where entry.type == .file {
                let name = entry.path.split(separator: "/").last.map(String.init) ?? entry.path
                if name == "export.xml" { xml = entry }
                if name == "export_cda.xml" { lock.withLock { notes.append(.clinicalDocumentIgnored) } }
            }
            guard let xml else { throw ExportError.noExportXML }
            lock.withLock { totalBytes = Int(xml.uncompressedSize) }
            do {
                _ = try archive.extract(xml, bufferSize: chunk) { data in try feed(data, last: false) }
            } catch let error as XMLFileError {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw ExportError.unreadableArchive
            }
        } else {
            let file = try FileHandle(forReadingFrom: url)
            defer { try? file.close() }
            let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
            lock.withLock { totalBytes = size }
            while let data = try file.read(upToCount: chunk), !data.isEmpty { try feed(data, last: false) }
        }
        try feed(Data(), last: true)
        if reader.waiting > 0 { hand(reader.take()) }
        return reader.summary
    }

    private func hand(_ batch: ExportBatch) {
        ready.wait()
        continuation.yield(batch)
    }

    private func isZIP() throws -> Bool {
        let file = try FileHandle(forReadingFrom: url)
        defer { try? file.close() }
        return try file.read(upToCount: 4) == Data([0x50, 0x4B, 0x03, 0x04])
    }
}

extension ExportStream: AsyncSequence {
    public typealias Element = ExportBatch
}

/// Why an export could not be read.
public enum ExportError: Error, Equatable, Sendable {
    /// A ZIP that is cut short or damaged.
    case unreadableArchive
    /// A ZIP without `export.xml` (not an Apple Health export).
    case noExportXML
}

/// Something worth telling about a file that was read.
public enum ExportNote: String, Sendable, Codable {
    /// `export_cda.xml`, the same data as a clinical document, is left out: `export.xml` has it all.
    case clinicalDocumentIgnored
}
