import Foundation
import NIOCore
import PostgresNIO

/// A bulk insert's statement for PostgreSQL: every column one array parameter, unnested into rows
/// (`INSERT … SELECT * FROM unnest($1::uuid[], $2::text[], …)`). The statement is the same short
/// text whatever the row count, so PostgreSQL parses ten parameters instead of thirty thousand
/// placeholders (the parse alone took as long as the insert), and values go straight into
/// PostgresNIO's binary array format.
enum PostgresBatch {
    /// Rows per statement: an import's batch in two or three statements.
    static let rowsPerStatement = 10_000

    static func statement(
        _ table: String, _ columns: [String], _ values: [ColumnValue], _ conflict: BulkInsert.Conflict
    ) -> PostgresQuery {
        let width = columns.count
        var binds = PostgresBindings(capacity: width)
        var casts: [String] = []
        for column in 0..<width {
            let first = values[column]
            casts.append("$\(column + 1)::\(first.postgresType)[]")
            let cells = stride(from: column, to: values.count, by: width).lazy.map { values[$0] }
            switch first {
            case .integer: binds.append(ColumnArray(cells.map { if case .integer(let v) = $0 { v } else { nil } }))
            case .real: binds.append(ColumnArray(cells.map { if case .real(let v) = $0 { v } else { nil } }))
            case .text: binds.append(ColumnArray(cells.map { if case .text(let v) = $0 { v } else { nil } }))
            case .uuid, .optionalUUID:
                binds.append(
                    ColumnArray(
                        cells.map {
                            switch $0 {
                            case .uuid(let v): v
                            case .optionalUUID(let v): v
                            default: nil
                            }
                        }))
            case .date: binds.append(ColumnArray(cells.map { if case .date(let v) = $0 { v } else { nil } }))
            }
        }
        let text =
            "INSERT INTO \(table) (\(columns.joined(separator: ", "))) SELECT * FROM unnest(\(casts.joined(separator: ", ")))"
            + BulkInsert.conflictClause(table, columns, conflict)
        return PostgresQuery(unsafeSQL: text, binds: binds)
    }
}

/// A one-dimensional PostgreSQL array whose elements may be NULL (PostgresNIO's own arrays take
/// none): the binary array format with its has-nulls flag, a NULL element written as length -1.
struct ColumnArray<Element: PostgresArrayEncodable & PostgresNonThrowingEncodable>: PostgresNonThrowingEncodable,
    PostgresDynamicTypeEncodable
{
    let elements: [Element?]

    init(_ elements: [Element?]) { self.elements = elements }

    static var psqlType: PostgresDataType { Element.psqlArrayType }
    static var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        buffer.writeInteger(elements.isEmpty ? 0 : 1, as: Int32.self)
        buffer.writeInteger(elements.contains { $0 == nil } ? 1 : 0, as: Int32.self)
        buffer.writeInteger(Element.psqlType.rawValue)
        guard !elements.isEmpty else { return }
        buffer.writeInteger(Int32(elements.count))
        buffer.writeInteger(1, as: Int32.self)
        for element in elements {
            if let element {
                let length = buffer.writerIndex
                buffer.writeInteger(0, as: Int32.self)
                element.encode(into: &buffer, context: context)
                buffer.setInteger(Int32(buffer.writerIndex - length - 4), at: length)
            } else {
                buffer.writeInteger(-1, as: Int32.self)
            }
        }
    }
}
