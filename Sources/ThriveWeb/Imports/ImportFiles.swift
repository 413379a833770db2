import Foundation
import Hummingbird
import MultipartKit
import NIOCore
import ThriveCore

/// Where uploaded exports wait for their import: one file per import, named by its id, in a folder
/// of the server's (`THRIVE_IMPORT_DIR`, by default `imports` in the data folder; servers sharing a
/// PostgreSQL need a folder they all see). A file arrives in pieces as the request is read and is
/// written as it comes, so a file of several gigabytes never sits in memory.
struct ImportFiles: Sendable {
    let folder: URL
    /// The largest upload taken.
    let limit: Int

    func url(_ id: DataImportID) -> URL { folder.appendingPathComponent("\(id.rawValue.uuidString.lowercased()).upload") }

    /// Where an import unpacks what it reads a piece at a time (a Thrive export's tables).
    func workFolder(_ id: DataImportID) -> URL {
        folder.appendingPathComponent("\(id.rawValue.uuidString.lowercased()).work", isDirectory: true)
    }

    func remove(_ id: DataImportID) {
        try? FileManager.default.removeItem(at: url(id))
        try? FileManager.default.removeItem(at: workFolder(id))
    }

    /// What came in: its size and the name it had on the person's device.
    struct Received: Sendable {
        let bytes: Int
        let fileName: String?
    }

    /// Writes the request's file (the raw body, or the first file of a `multipart/form-data` body)
    /// to the import's place. Anything but a ZIP or XML file, an empty one or one over the limit is
    /// refused, and nothing is left behind.
    func receive(_ request: Request, as id: DataImportID) async throws -> Received {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw tooLarge }
        let target = url(id)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: target.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: target)
        else { throw CocoaError(.fileWriteUnknown) }
        let sink = FileSink(handle: handle, limit: limit)
        do {
            let name: String?
            if type.hasPrefix("multipart/form-data") {
                name = try await receiveForm(request, into: sink)
            } else if Self.fileTypes.contains(where: type.hasPrefix) || type.isEmpty {
                for try await buffer in request.body { try sink.write(buffer) }
                name = request.uri.queryParameters["name"].map(String.init)
            } else {
                throw Self.notAnExport
            }
            try handle.close()
            guard sink.written > 0 else {
                throw AppError(status: .badRequest, code: "empty_file", message: t("imports.emptyFile"))
            }
            guard Self.looksLikeExport(sink.head) else { throw Self.notAnExport }
            return Received(bytes: sink.written, fileName: name)
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: target)
            throw error is SinkFull ? tooLarge : error
        }
    }

    private var tooLarge: AppError {
        AppError(
            status: .contentTooLarge, code: "payload_too_large", message: t("imports.tooLarge", ["size": Self.size(limit)]))
    }

    /// "16 GB", or "64 MB" under a gigabyte, in the request's language.
    /// "16 GB", "1 MB", "512 KB": whole units, the largest that is at least one.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1_073_741_824 { return t("imports.sizeGB", ["size": DisplayFormat.count(bytes / 1_073_741_824)]) }
        if bytes >= 1_048_576 { return t("imports.sizeMB", ["size": DisplayFormat.count(bytes / 1_048_576)]) }
        return t("imports.sizeKB", ["size": DisplayFormat.count(max(1, bytes / 1_024))])
    }

    static let fileTypes = [
        "application/zip", "application/x-zip-compressed", "application/xml", "text/xml", "application/octet-stream",
    ]

    static var notAnExport: AppError {
        AppError(status: .unsupportedMediaType, code: "unsupported_media_type", message: t("imports.notAnExport"))
    }

    /// A ZIP's local header, or XML (after a byte-order mark and blank space).
    static func looksLikeExport(_ head: [UInt8]) -> Bool {
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return true }
        var rest = head[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        return rest.drop(while: { [0x20, 0x09, 0x0A, 0x0D].contains($0) }).first == UInt8(ascii: "<")
    }

    /// The first part with a file name is the file; other fields are skipped.
    private func receiveForm(_ request: Request, into sink: FileSink) async throws -> String? {
        // The boundary as sent: browsers mix cases in it (----WebKitFormBoundary…).
        guard let boundary = Self.boundary(request.headers[.contentType] ?? "") else {
            throw AppError.badRequest(t("imports.noFile"))
        }
        let parser = MultipartParser(boundary: boundary)
        let part = FormPart()
        parser.onHeader = { name, value in
            guard name.lowercased() == "content-disposition", part.state == .before else { return }
            if let fileName = Self.parameter("filename", in: value) {
                part.fileName = fileName
                part.state = .inFile
            }
        }
        parser.onBody = { buffer in
            guard part.state == .inFile else { return }
            do { try sink.write(buffer) } catch { part.failure = error }
        }
        parser.onPartComplete = {
            if part.state == .inFile { part.state = .after }
        }
        for try await buffer in request.body {
            try parser.execute(buffer)
            if let failure = part.failure { throw failure }
        }
        guard part.state == .after else { throw AppError.badRequest(t("imports.noFile")) }
        return part.fileName
    }

    static func boundary(_ contentType: String) -> String? {
        parameter("boundary", in: contentType)
    }

    /// `name=value` or `name="value"` out of a header's parameters.
    static func parameter(_ name: String, in header: String) -> String? {
        for piece in header.split(separator: ";") {
            let pair = piece.trimmingCharacters(in: .whitespaces)
            guard pair.lowercased().hasPrefix(name + "=") else { continue }
            var value = pair.dropFirst(name.count + 1)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            return value.isEmpty ? nil : String(value)
        }
        return nil
    }
}

/// The multipart parser's callbacks keep their place here (they run one after the other, on the
/// request's task).
private final class FormPart: @unchecked Sendable {
    enum State { case before, inFile, after }
    var state = State.before
    var fileName: String?
    var failure: (any Error)?
}

private struct SinkFull: Error {}

/// Appends to the upload's file, counting, and keeps its first bytes to check what it is.
private final class FileSink: @unchecked Sendable {
    let handle: FileHandle
    let limit: Int
    private(set) var written = 0
    private(set) var head: [UInt8] = []

    init(handle: FileHandle, limit: Int) {
        self.handle = handle
        self.limit = limit
    }

    func write(_ buffer: ByteBuffer) throws {
        guard written + buffer.readableBytes <= limit else { throw SinkFull() }
        if head.count < 16 {
            head += buffer.getBytes(at: buffer.readerIndex, length: min(16 - head.count, buffer.readableBytes)) ?? []
        }
        try buffer.withUnsafeReadableBytes { try handle.write(contentsOf: $0) }
        written += buffer.readableBytes
    }
}
