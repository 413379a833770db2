import Foundation
import ThriveCore
import ZIPFoundation

/// A person's Thrive export (the ZIP a Thrive server wrote), read back table by table: each
/// `data/<table>.json` holds one row per line, so a table is read a line at a time from a copy
/// unpacked to disk, never whole into memory, and handed on in batches. Every cell is checked
/// against the kind its column holds; anything else is a damaged file, named by table and line.
public final class ThriveExportArchive: @unchecked Sendable {
    /// Photos sent to the coach are at most this large in Thrive; a larger file is not one of them.
    static let fileLimit = 16 * 1_048_576

    private let archive: Archive
    /// The export's manifest; nil for an export written before manifests were (they read the same).
    public let manifest: ThriveExportManifest?

    public init(_ url: URL) throws {
        do { archive = try Archive(url: url, accessMode: .read) } catch { throw ThriveExportError.unreadableArchive }
        guard Self.isExport(archive) else { throw ThriveExportError.notAThriveExport }
        if let entry = archive[ThriveExportManifest.path] {
            var data = Data()
            do {
                _ = try archive.extract(entry) { data.append($0) }
                manifest = try ThriveExportManifest.decode(data)
            } catch {
                throw ThriveExportError.damaged(table: ThriveExportManifest.path, line: 1)
            }
            guard manifest?.format == ThriveExportManifest.formatName else { throw ThriveExportError.notAThriveExport }
            guard (manifest?.version ?? 0) <= ThriveExportManifest.currentVersion else { throw ThriveExportError.newer }
        } else {
            manifest = nil
        }
    }

    /// Whether the file at `url` is a Thrive export (and not, say, an Apple Health one): a ZIP with
    /// a manifest, or with the README and profile table every export has held.
    public static func isExport(_ url: URL) -> Bool {
        guard let archive = try? Archive(url: url, accessMode: .read) else { return false }
        return isExport(archive)
    }

    private static func isExport(_ archive: Archive) -> Bool {
        archive[ThriveExportManifest.path] != nil || (archive["README.md"] != nil && archive["data/profiles.json"] != nil)
    }

    /// One row of a table, with the line it is on.
    public struct Row: Sendable {
        public let line: Int
        public let cells: [String: ExportCell]
    }

    /// Hands the rows of `table` to `body`, `batchSize` at a time, each cell read as `columns` says;
    /// returns how many there were. A table the export does not hold has none. `workFolder` holds
    /// the unpacked table while it is read.
    @discardableResult
    public func rows(
        of table: String, columns: [String: ExportCell.Kind], batchSize: Int = 5_000, workFolder: URL,
        _ body: ([Row]) async throws -> Void
    ) async throws -> Int {
        guard let entry = archive["data/\(table).json"] else {
            if let listed = manifest?.tables[table], listed > 0 { throw ThriveExportError.damaged(table: table, line: 0) }
            return 0
        }
        try FileManager.default.createDirectory(at: workFolder, withIntermediateDirectories: true)
        let unpacked = workFolder.appendingPathComponent("\(table).json")
        try? FileManager.default.removeItem(at: unpacked)
        defer { try? FileManager.default.removeItem(at: unpacked) }
        do { _ = try archive.extract(entry, to: unpacked) } catch { throw ThriveExportError.damaged(table: table, line: 0) }
        let lines = try LineReader(unpacked)
        var batch: [Row] = []
        batch.reserveCapacity(batchSize)
        var count = 0
        var opened = false
        var closed = false
        while let (number, line) = try lines.next() {
            guard !closed else { throw ThriveExportError.damaged(table: table, line: number) }
            if !opened, line == Array("[]".utf8) {
                (opened, closed) = (true, true)
                continue
            }
            if !opened {
                guard line == [UInt8(ascii: "[")] else { throw ThriveExportError.damaged(table: table, line: number) }
                opened = true
                continue
            }
            if line == [UInt8(ascii: "]")] {
                closed = true
                continue
            }
            var object = line[...]
            if object.last == UInt8(ascii: ",") { object = object.dropLast() }
            guard let cells = try? cells(of: Data(object), table: table, columns: columns) else {
                throw ThriveExportError.damaged(table: table, line: number)
            }
            batch.append(Row(line: number, cells: cells))
            count += 1
            if batch.count == batchSize {
                try await body(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        guard closed else { throw ThriveExportError.damaged(table: table, line: lines.lineCount + 1) }
        if !batch.isEmpty { try await body(batch) }
        if let listed = manifest?.tables[table], listed != count {
            throw ThriveExportError.damaged(table: table, line: lines.lineCount)
        }
        return count
    }

    private struct CellError: Error {}

    private func cells(of json: Data, table: String, columns: [String: ExportCell.Kind]) throws -> [String: ExportCell] {
        guard let object = try JSONSerialization.jsonObject(with: json) as? [String: Any] else { throw CellError() }
        var cells: [String: ExportCell] = [:]
        cells.reserveCapacity(columns.count)
        for (name, kind) in columns {
            guard let value = object[name] else { throw CellError() }
            cells[name] = try cell(value, kind, table: table)
        }
        return cells
    }

    private func cell(_ value: Any, _ kind: ExportCell.Kind, table: String) throws -> ExportCell {
        if value is NSNull { return .null }
        switch kind {
        case .uuid:
            guard let text = value as? String, let id = UUID(uuidString: text) else { throw CellError() }
            return .uuid(id)
        case .text:
            guard let text = value as? String else { throw CellError() }
            return .text(text)
        case .json:
            let data = try JSONSerialization.data(
                withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
            return .json(String(decoding: data, as: UTF8.self))
        case .real:
            guard let number = value as? NSNumber, number.doubleValue.isFinite else { throw CellError() }
            return .real(number.doubleValue)
        case .integer:
            guard let number = value as? NSNumber, let integer = Int(exactly: number.doubleValue) else { throw CellError() }
            return .integer(integer)
        case .timestamp:
            guard let text = value as? String, let seconds = ExportTimestamp.seconds(text) else { throw CellError() }
            return .timestamp(seconds)
        case .bytes:
            guard let path = value as? String, path.hasPrefix("files/\(table)/"), !path.contains(".."),
                let entry = archive[path], entry.type == .file, entry.uncompressedSize <= Self.fileLimit
            else { throw CellError() }
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            return .bytes(data)
        }
    }
}

/// Why a Thrive export could not be brought in. Nothing is imported from a file with any of these.
public enum ThriveExportError: Error, Equatable, Sendable {
    /// Not a ZIP, or one cut short.
    case unreadableArchive
    /// A ZIP, but not one a Thrive server wrote.
    case notAThriveExport
    /// Written by a newer Thrive, in a format this server does not read yet.
    case newer
    /// A row that cannot be read, or a table shorter than the manifest says (`line` 0: the table's
    /// file itself).
    case damaged(table: String, line: Int)
}
