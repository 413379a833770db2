import Foundation
import SQLKit

extension Repositories {
    /// Deletes everyone's notifications made before `time` (the center keeps 30 days); returns how many.
    @discardableResult
    public func purgeNotifications(before time: Date) async throws -> Int {
        try await sql.delete(from: "notifications").where("created_at", .lessThan, time).returning("id").all().count
    }
}
