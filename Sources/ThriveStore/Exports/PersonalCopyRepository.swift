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
        if let sqlite = session.sqlite { return try await readSQLite(sqlite, query, table, row) }
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

    private func readSQLite(
        _ sqlite: SQLiteConnection, _ query: String, _ table: PersonalTable,
        _ row: @escaping @Sendable ([ExportCell]) throws -> Void
    ) async throws -> Int {
        let state = ReadState()
        let columns = table.columns
        try await sqlite.query(query, [ColumnValue.uuid(owner.rawValue).sqlite]) { stored in
            guard state.failure == nil else { return }
            var values: [ExportCell] = []
            values.reserveCapacity(columns.count)
            for column in columns { values.append(Self.cell(stored.column(column.name) ?? .null, column)) }
            do {
                try row(values)
                state.count += 1
            } catch {
                state.failure = error
            }
        }
        if let failure = state.failure { throw failure }
        return state.count
    }

    /// What the SQLite read has done: touched only from the driver's thread, one row after another.
    private final class ReadState: @unchecked Sendable {
        var count = 0
        var failure: (any Error)?
    }

    static func cell(_ data: SQLiteData, _ column: PersonalTable.Column) -> ExportCell {
        switch (data, column.kind) {
        case (.null, _): .null
        case (.blob(let buffer), .uuid):
            UUID(sqliteData: .blob(buffer)).map(ExportCell.uuid) ?? .null
        case (.blob(let buffer), _): .bytes(Data(buffer.readableBytesView))
        case (.float(let value), .timestamp): .timestamp(value)
        case (.integer(let value), .timestamp): .timestamp(Double(value))
        case (.float(let value), .integer): .integer(Int(value))
        case (.float(let value), _): .real(value)
        case (.integer(let value), .real): .real(Double(value))
        case (.integer(let value), _): .integer(Int(value))
        case (.text(let text), .json): .json(text)
        case (.text(let text), _): .text(text)
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
