import Foundation
import SQLKit
import ThriveCore

/// What a lab's batch of results needs to know across the people it reaches, a few queries for
/// thousands of people: whose latest result is which, and who has a lab alert open.
public protocol LabBatchRepository: Sendable {
    /// Each owner's latest result (latest test date, then latest id), as the results pages order them.
    func latestResults(of owners: [UserID]) async throws -> [UserID: LabResultID]
    /// The owners among `owners` with an open alert of one of `conditions`.
    func ownersWithOpenAlerts(_ owners: [UserID], conditions: [String]) async throws -> Set<UserID>
}

struct SQLLabBatchRepository: LabBatchRepository {
    let sql: any SQLDatabase
    /// Owners a query: well within both engines' limits on parameters.
    static let chunk = 500

    func latestResults(of owners: [UserID]) async throws -> [UserID: LabResultID] {
        var latest: [UserID: LabResultID] = [:]
        for part in Self.parts(owners) {
            let rows = try await sql.select().columns("owner_id", "id")
                .from(
                    SQLAlias(
                        SQLSubquery(
                            sql.select().columns("owner_id", "id")
                                .column(
                                    SQLRaw("ROW_NUMBER() OVER (PARTITION BY owner_id ORDER BY test_date DESC, id DESC) AS n")
                                )
                                .from("lab_results").where("owner_id", .in, part.map(\.rawValue)).select),
                        as: SQLIdentifier("ranked"))
                )
                .where("n", .equal, SQLLiteral.numeric("1")).all()
            for row in rows { latest[UserID(try row.uuid("owner_id"))] = LabResultID(try row.uuid("id")) }
        }
        return latest
    }

    func ownersWithOpenAlerts(_ owners: [UserID], conditions: [String]) async throws -> Set<UserID> {
        var open: Set<UserID> = []
        for part in Self.parts(owners) {
            let rows = try await sql.select().column("owner_id").from("safety_alerts")
                .where("owner_id", .in, part.map(\.rawValue)).where("condition", .in, conditions)
                .where("resolved_at", .is, SQLLiteral.null).all()
            for row in rows { open.insert(UserID(try row.uuid("owner_id"))) }
        }
        return open
    }

    static func parts(_ owners: [UserID]) -> [ArraySlice<UserID>] {
        stride(from: 0, to: owners.count, by: chunk).map { owners[$0..<min($0 + chunk, owners.count)] }
    }
}
