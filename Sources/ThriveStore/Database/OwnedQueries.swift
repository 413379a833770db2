import Foundation
import SQLKit
import ThriveCore

/// A time window for listing records: `from` inclusive, `to` exclusive.
public struct DateWindow: Hashable, Sendable {
    public var from: Date?
    public var to: Date?

    public init(from: Date? = nil, to: Date? = nil) {
        self.from = from
        self.to = to
    }

    public static let all = DateWindow()
}

/// Queries over one owner's rows in a table. Every statement built here starts from the owner
/// filter, which is how a repository is unable to see another person's data.
struct OwnedTable: Sendable {
    let sql: any SQLDatabase
    let table: String
    let owner: UserID
    /// The column that places a record in time.
    let timeColumn: String

    func select() -> SQLSelectBuilder {
        sql.select().column("*").from(table).where("owner_id", .equal, owner.rawValue)
    }

    func select(in window: DateWindow, limit: Int?, newestFirst: Bool = false) -> SQLSelectBuilder {
        var query = select()
        if let from = window.from { query = query.where(timeColumn, .greaterThanOrEqual, from) }
        if let to = window.to { query = query.where(timeColumn, .lessThan, to) }
        query = query.orderBy(timeColumn, newestFirst ? .descending : .ascending)
        if let limit { query = query.limit(limit) }
        return query
    }

    func first(id: UUID) async throws -> (any SQLRow)? {
        try await select().where("id", .equal, id).first()
    }

    /// Deletes a row and returns it as it was, or `nil` when the owner has no such row.
    func deleteReturningRow(id: UUID) async throws -> (any SQLRow)? {
        try await sql.delete(from: table).where("owner_id", .equal, owner.rawValue).where("id", .equal, id)
            .returning(SQLLiteral.all).first()
    }

    /// Count, first and last time, grouped by `column` (or one group when `column` is nil).
    func spans(groupedBy column: String?) async throws -> [(group: String?, span: RecordSpan)] {
        var query = sql.select()
        if let column { query = query.column(SQLColumn(column)) }
        query =
            query
            .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
            .column(SQLFunction("MIN", args: SQLColumn(timeColumn)), as: "first")
            .column(SQLFunction("MAX", args: SQLColumn(timeColumn)), as: "last")
            .from(table)
            .where("owner_id", .equal, owner.rawValue)
        if let column { query = query.groupBy(column) }
        return try await query.all().map { row in
            (
                try column.map { try row.string($0) },
                RecordSpan(count: try row.int("n"), first: try row.optionalDate("first"), last: try row.optionalDate("last"))
            )
        }
    }
}
