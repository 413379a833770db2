import Foundation
import SQLKit
import ThriveCore

/// A row of a person's export seen as a database row, so that the repositories' own row readers
/// turn it into records: an import reads a file exactly as the app reads its tables, and what the
/// app could not read is refused the same way.
struct ExportedRow: SQLRow {
    let cells: [String: ExportCell]

    struct Mismatch: Error, CustomStringConvertible {
        let column: String
        var description: String { "The column \(column) does not hold what its record needs." }
    }

    var allColumns: [String] { Array(cells.keys) }

    func contains(column: String) -> Bool { cells[column] != nil }

    func decodeNil(column: String) throws -> Bool {
        guard let cell = cells[column] else { return true }
        return cell == .null
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        let cell = cells[column] ?? .null
        if case .null = cell, let optional = D.self as? any ExpressibleByNilLiteral.Type {
            // Only optional types are ExpressibleByNilLiteral among what rows are read as.
            return optional.init(nilLiteral: ()) as! D
        }
        let value: Any?
        switch cell {
        case .null: value = nil
        case .text(let text), .json(let text): value = text
        case .real(let number):
            value = D.self == Int.self || D.self == Int?.self ? Int(exactly: number) as Any? : number
        case .integer(let number):
            value = D.self == Double.self || D.self == Double?.self ? Double(number) : number
        case .uuid(let id): value = id
        case .timestamp(let seconds): value = Date(timeIntervalSince1970: seconds)
        case .bytes(let data): value = data
        }
        guard let decoded = value as? D else { throw Mismatch(column: column) }
        return decoded
    }
}
