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
        // The buffers are taken out for the row and put back after: appending to a local array skips
        // the access checks each append to a class's property costs.
        var json = self.json.takeBuffer()
        var csv = self.csv.takeBuffer()
        let formatted = Result { try format(cells, json: &json, csv: &csv) }
        self.json.buffer = json
        self.csv.buffer = csv
        try formatted.get()
        rows += 1
        try self.json.flushIfFull()
        try self.csv.flushIfFull()
    }

    private func format(_ cells: [ExportCell], json: inout [UInt8], csv: inout [UInt8]) throws {
        if rows > 0 { json.append(UInt8(ascii: ",")) }
        json.append(contentsOf: [10, UInt8(ascii: "{")])
        for index in cells.indices {
            if index > 0 {
                json.append(UInt8(ascii: ","))
                csv.append(UInt8(ascii: ","))
            }
            json.append(contentsOf: jsonKeys[index])
            switch cells[index] {
            case .null:
                json.append(contentsOf: [110, 117, 108, 108])
            case .text(let text):
                ExportText.appendJSONString(text, to: &json)
                ExportText.appendCSVText(text, to: &csv)
            case .json(let text):
                json.append(contentsOf: text.utf8)
                ExportText.appendCSVText(text, to: &csv)
            case .real(let value):
                ExportText.appendNumber(value, to: &json)
                ExportText.appendNumber(value, to: &csv)
            case .integer(let value):
                ExportText.appendInteger(value, to: &json)
                ExportText.appendInteger(value, to: &csv)
            case .uuid(let value):
                json.append(34)
                ExportText.appendUUID(value, to: &json)
                json.append(34)
                ExportText.appendUUID(value, to: &csv)
            case .timestamp(let seconds):
                json.append(34)
                ExportText.appendTimestamp(seconds, to: &json)
                json.append(34)
                ExportText.appendTimestamp(seconds, to: &csv)
            case .bytes(let data):
                let path = try attach(data, row: cells)
                ExportText.appendJSONString(path, to: &json)
                ExportText.appendCSVText(path, to: &csv)
            }
        }
        json.append(UInt8(ascii: "}"))
        csv.append(contentsOf: [13, 10])
    }

    /// Writes bytes to `files/<table>/<the row's id>.<type>`, the type from the row's media type.
    private func attach(_ data: Data, row cells: [ExportCell]) throws -> String {
        var name = "\(rows + 1)"
        var fileExtension = "bin"
        for (index, cell) in cells.enumerated() {
            if columns[index] == "id", case .uuid(let id) = cell { name = id.uuidString.lowercased() }
            if columns[index].hasSuffix("_pdf") { fileExtension = "pdf" }
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
