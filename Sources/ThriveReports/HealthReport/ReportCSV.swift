import Foundation
import ZIPFoundation

/// The report's figures by day as CSV for a spreadsheet (RFC 4180, spreadsheet formulas defused as
/// in the full export), and the PDF and CSV together in one ZIP when the person asks for both.
public enum ReportCSV {
    /// A cell: text, a number in canonical units, or nothing.
    public enum Cell: Sendable {
        case text(String)
        case number(Double)
        case integer(Int)
        case empty
    }

    public static func csv(header: [String], rows: [[Cell]]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 * (rows.count + 1))
        line(header.map(Cell.text), to: &out)
        for row in rows { line(row, to: &out) }
        return out
    }

    private static func line(_ cells: [Cell], to out: inout [UInt8]) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            switch cell {
            case .text(let text): ExportText.appendCSVText(text, to: &out)
            case .number(let value): ExportText.appendNumber(value, to: &out)
            case .integer(let value): ExportText.appendInteger(value, to: &out)
            case .empty: break
            }
        }
        out.append(contentsOf: [13, 10])
    }

    /// Files side by side in one ZIP, built in memory (a report is a few hundred kilobytes).
    public static func zip(_ files: [(name: String, bytes: [UInt8])], modified: Date) throws -> [UInt8] {
        let archive = try Archive(accessMode: .create)
        for file in files {
            let data = Data(file.bytes)
            try archive.addEntry(
                with: file.name, type: .file, uncompressedSize: Int64(data.count), modificationDate: modified,
                compressionMethod: .deflate
            ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
        }
        return Array(archive.data ?? Data())
    }
}
