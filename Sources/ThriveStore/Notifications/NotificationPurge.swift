import Foundation
import SQLKit

extension Repositories {
    /// Deletes everyone's notifications made before `time` (the center keeps 30 days); returns how many.
    @discardableResult
    public func purgeNotifications(before time: Date) async throws -> Int {
        let row = try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("notifications")
            .where("created_at", .lessThan, time).first()
        let count = try row?.decode(column: "n", as: Int.self) ?? 0
        if count > 0 { try await sql.delete(from: "notifications").where("created_at", .lessThan, time).run() }
        return count
    }
}
