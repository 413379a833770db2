import Foundation
import Logging
import NIOCore
import PostgresNIO
import SQLiteNIO
import ThriveCore

/// A person's rows, table by table, as an export reads them: streamed from the database a row at
/// a time (millions of heart-rate readings never sit in memory), on each engine through its own
/// driver, since the generic row decoder would cost more than the rest of an export together.
public protocol PersonalCopyRepository: Sendable {
    var owner: UserID { get }
    /// Hands each of the owner's rows of `table` to `row`, one cell per column, in the table's
    /// order; returns how many there were. An error `row` throws ends the read and is rethrown.
    @discardableResult
    func read(_ table: PersonalTable, row: @escaping @Sendable ([ExportCell]) throws -> Void) async throws -> Int
}

struct SQLPersonalCopyRepository: PersonalCopyRepository {
    let session: DatabaseSession
    let owner: UserID

    private static let quiet = Logger(label: "thrive.store.copy")

    func read(_ table: PersonalTable, row: @escaping @Sendable ([ExportCell]) throws -> Void) async throws -> Int {
        let query = """
            SELECT \(table.columns.map(\.name).joined(separator: ", ")) FROM \(table.name) \
            WHERE \(table.ownerColumn) = \(session.kind == .postgres ? "$1" : "?1")\(table.rowsLeftOut.map { " AND (\($0.kept))" } ?? "") \
            ORDER BY \(table.orderBy.joined(separator: ", "))
            """
        if let path = session.sqlitePath {
            let columns = table.columns
            return try await SQLiteStreamingRead(path: path).run(query, owner: owner.rawValue) { stored in
                var values: [ExportCell] = []
                values.reserveCapacity(columns.count)
                for (index, column) in columns.enumerated() { values.append(Self.cell(stored, index, column)) }
                try row(values)
            }
        }
        guard let postgres = session.postgres else { throw StoreError.unavailable("No database driver to read from.") }
        var binds = PostgresBindings()
        binds.append(owner.rawValue)
        let rows = try await postgres.query(PostgresQuery(unsafeSQL: query, binds: binds), logger: Self.quiet)
        var count = 0
        for try await stored in rows {
            let cells = stored.makeRandomAccess()
            var values: [ExportCell] = []
            values.reserveCapacity(table.columns.count)
            for (index, column) in table.columns.enumerated() {
                values.append(try Self.cell(cells[index], column))
            }
            try row(values)
            count += 1
        }
        return count
    }

    /// A cell as SQLite stored it, read as the column's kind where the two differ (a whole number
    /// in a real column, a timestamp stored as an integer).
    static func cell(_ stored: SQLiteStreamingRead.Row, _ index: Int, _ column: PersonalTable.Column) -> ExportCell {
        switch (stored.type(index), column.kind) {
        case (.null, _): .null
        case (.blob, .uuid):
            stored.bytes(index).count == 16 ? .uuid(UUID(uuid: stored.bytes(index).loadUnaligned(as: uuid_t.self))) : .null
        case (.blob, _): .bytes(Data(stored.bytes(index)))
        case (.real, .timestamp), (.integer, .timestamp): .timestamp(stored.real(index))
        case (.real, .integer): .integer(Int(stored.real(index)))
        case (.real, _), (.integer, .real): .real(stored.real(index))
        case (.integer, _): .integer(stored.integer(index))
        case (.text, .json): .json(stored.text(index))
        case (.text, .uuid): UUID(uuidString: stored.text(index)).map(ExportCell.uuid) ?? .null
        case (.text, _): .text(stored.text(index))
        }
    }

    static func cell(_ stored: PostgresCell, _ column: PersonalTable.Column) throws -> ExportCell {
        switch column.kind {
        case .uuid: try stored.decode(UUID?.self).map(ExportCell.uuid) ?? .null
        case .text: try stored.decode(String?.self).map(ExportCell.text) ?? .null
        case .json: try stored.decode(String?.self).map(ExportCell.json) ?? .null
        case .real: try stored.decode(Double?.self).map(ExportCell.real) ?? .null
        case .integer: try stored.decode(Int?.self).map(ExportCell.integer) ?? .null
        case .timestamp: try stored.decode(Date?.self).map { ExportCell.timestamp($0.timeIntervalSince1970) } ?? .null
        case .bytes:
            try stored.decode(ByteBuffer?.self).map { .bytes(Data($0.readableBytesView)) } ?? .null
        }
    }
}
