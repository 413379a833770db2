import Foundation
import ThriveCore

/// One table of a person's export, as two files written in one pass: `data/<table>.json`, an array
/// with one object per row (one per line, so the file also reads line by line), and
/// `csv/<table>.csv` with a header, for spreadsheets. Bytes (a photo sent to the coach) go to a file
/// of their own under `files/<table>/`, and the row names it.
final class ExportTableWriter {
    let table: String
    private let columns: [String]
    private let json: DeflatingFile
    private let csv: DeflatingFile
    private let folder: URL
    private let jsonKeys: [[UInt8]]
    private(set) var rows = 0

    init(table: String, columns: [String], in folder: URL) throws {
        self.table = table
        self.columns = columns
        self.folder = folder
        json = try DeflatingFile(path: "data/\(table).json", in: folder)
        csv = try DeflatingFile(path: "csv/\(table).csv", in: folder)
        jsonKeys = columns.map { column in
            var key: [UInt8] = []
            ExportText.appendJSONString(column, to: &key)
            key.append(UInt8(ascii: ":"))
            return key
        }
        json.buffer.append(UInt8(ascii: "["))
        for (index, column) in columns.enumerated() {
            if index > 0 { csv.buffer.append(UInt8(ascii: ",")) }
            csv.buffer.append(contentsOf: column.utf8)
        }
        csv.buffer.append(contentsOf: [13, 10])
    }

    /// The photos this table wrote, for the archive.
    private var attachments: [DeflatingFile.Entry] = []

    func write(_ cells: [ExportCell]) throws {
        json.buffer.append(contentsOf: rows == 0 ? [10, UInt8(ascii: "{")] : [UInt8(ascii: ","), 10, UInt8(ascii: "{")])
        for (index, cell) in cells.enumerated() {
            if index > 0 {
                json.buffer.append(UInt8(ascii: ","))
                csv.buffer.append(UInt8(ascii: ","))
            }
            json.buffer.append(contentsOf: jsonKeys[index])
            switch cell {
            case .null:
                json.buffer.append(contentsOf: [110, 117, 108, 108])
            case .text(let text):
                ExportText.appendJSONString(text, to: &json.buffer)
                ExportText.appendCSVText(text, to: &csv.buffer)
            case .json(let text):
                json.buffer.append(contentsOf: text.utf8)
                ExportText.appendCSVText(text, to: &csv.buffer)
            case .real(let value):
                ExportText.appendNumber(value, to: &json.buffer)
                ExportText.appendNumber(value, to: &csv.buffer)
            case .integer(let value):
                ExportText.appendInteger(value, to: &json.buffer)
                ExportText.appendInteger(value, to: &csv.buffer)
            case .uuid(let value):
                json.buffer.append(34)
                ExportText.appendUUID(value, to: &json.buffer)
                json.buffer.append(34)
                ExportText.appendUUID(value, to: &csv.buffer)
            case .timestamp(let seconds):
                json.buffer.append(34)
                ExportText.appendTimestamp(seconds, to: &json.buffer)
                json.buffer.append(34)
                ExportText.appendTimestamp(seconds, to: &csv.buffer)
            case .bytes(let data):
                let path = try attach(data, row: cells)
                ExportText.appendJSONString(path, to: &json.buffer)
                ExportText.appendCSVText(path, to: &csv.buffer)
            }
        }
        json.buffer.append(UInt8(ascii: "}"))
        csv.buffer.append(contentsOf: [13, 10])
        rows += 1
        try json.flushIfFull()
        try csv.flushIfFull()
    }

    /// Writes bytes to `files/<table>/<the row's id>.<type>`, the type from the row's media type.
    private func attach(_ data: Data, row cells: [ExportCell]) throws -> String {
        var name = "\(rows + 1)"
        var fileExtension = "bin"
        for (index, cell) in cells.enumerated() {
            if columns[index] == "id", case .uuid(let id) = cell { name = id.uuidString.lowercased() }
            if columns[index] == "media_type", case .text(let type) = cell {
                fileExtension =
                    ["image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/heic": "heic"][type] ?? "bin"
            }
        }
        let path = "files/\(table)/\(name).\(fileExtension)"
        let file = try DeflatingFile(path: path, in: folder)
        try file.write(data)
        attachments.append(try file.finish())
        return path
    }

    /// Ends the table's files: its entries in the archive (the JSON, the CSV, then any photos).
    func finish() throws -> [DeflatingFile.Entry] {
        json.buffer.append(contentsOf: rows == 0 ? [UInt8(ascii: "]"), 10] : [10, UInt8(ascii: "]"), 10])
        return [try json.finish(), try csv.finish()] + attachments
    }
}
