import Foundation
import SQLiteNIO

/// One multi-row SQLite insert: its text and its binds.
///
/// SQLite parses every statement anew (SQLiteNIO keeps no prepared statements), and parsing and
/// binding are a good part of a large import. So a column that holds the same value in every row of
/// the batch (the owner, a sample type, a device's name) is bound once and referred to by number,
/// and the rows list only what varies:
///
///     INSERT INTO t (id, owner_id, value) SELECT column1, ?1, column2 FROM (VALUES (?,?),(?,?)) WHERE true
///
/// (`WHERE true` lets an upsert clause follow a SELECT.)
struct SQLiteBatch {
    let statement: String
    let binds: [SQLiteData]

    struct Builder {
        let table: String
        let columns: [String]
        let conflict: BulkInsert.Conflict
        private var statements: [Shape: String] = [:]
        private var lastUUIDs: [(UUID, SQLiteData)?]

        private struct Shape: Hashable {
            let shared: [Bool]
            let rows: Int
        }

        init(table: String, columns: [String], conflict: BulkInsert.Conflict) {
            self.table = table
            self.columns = columns
            self.conflict = conflict
            lastUUIDs = Array(repeating: nil, count: columns.count)
        }

        mutating func batch(_ values: ArraySlice<ColumnValue>) -> SQLiteBatch {
            let width = columns.count
            let rows = values.count / width
            let first = values.startIndex
            var shared = Array(repeating: rows > 1, count: width)
            if rows > 1 {
                for column in 0..<width {
                    let value = values[first + column]
                    var row = 1
                    while row < rows, values[first + row * width + column] == value { row += 1 }
                    shared[column] = row == rows
                }
                // A VALUES row needs at least one column.
                if !shared.contains(false) { shared = Array(repeating: false, count: width) }
            }
            var binds: [SQLiteData] = []
            binds.reserveCapacity(values.count)
            for column in 0..<width where shared[column] { binds.append(convert(values[first + column], column: column)) }
            var column = 0
            for value in values {
                if !shared[column] { binds.append(convert(value, column: column)) }
                column = column + 1 == width ? 0 : column + 1
            }
            let shape = Shape(shared: shared, rows: rows)
            let statement = statements[shape] ?? text(for: shape)
            statements[shape] = statement
            return SQLiteBatch(statement: statement, binds: binds)
        }

        private func text(for shape: Shape) -> String {
            var selected: [String] = []
            var sharedNumber = 0
            var varying = 0
            for isShared in shape.shared {
                if isShared {
                    sharedNumber += 1
                    selected.append("?\(sharedNumber)")
                } else {
                    varying += 1
                    selected.append("column\(varying)")
                }
            }
            let row = "(" + Array(repeating: "?", count: varying).joined(separator: ",") + ")"
            let list = Array(repeating: row, count: shape.rows).joined(separator: ",")
            let into = "INSERT INTO \(table) (\(columns.joined(separator: ", ")))"
            let conflictClause = BulkInsert.conflictClause(table, columns, conflict)
            guard sharedNumber > 0 else { return "\(into) VALUES \(list)\(conflictClause)" }
            return "\(into) SELECT \(selected.joined(separator: ", ")) FROM (VALUES \(list)) WHERE true\(conflictClause)"
        }

        /// A UUID repeated from the row before (the owner) is converted to its blob once.
        private mutating func convert(_ value: ColumnValue, column: Int) -> SQLiteData {
            guard case .uuid(let uuid) = value else { return value.sqlite }
            if let (last, data) = lastUUIDs[column], last == uuid { return data }
            let data = value.sqlite
            lastUUIDs[column] = (uuid, data)
            return data
        }
    }
}
