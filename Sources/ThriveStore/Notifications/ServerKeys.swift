import Foundation
import SQLKit

extension Repositories {
    /// The server's key named `name`: the one stored, or `make()`'s when there is none yet. Two
    /// processes starting at once both try to store theirs; the first wins and both return it.
    public func serverKey(_ name: String, at time: Date, make: () -> String) async throws -> String {
        if let stored = try await sql.select().column("value").from("server_keys").where("name", .equal, name).first() {
            return try stored.string("value")
        }
        try await sql.insert(into: "server_keys").columns("name", "value", "created_at").values(name, make(), time)
            .ignoringConflicts(with: ["name"]).run()
        guard let row = try await sql.select().column("value").from("server_keys").where("name", .equal, name).first() else {
            throw StoreError.conflict(name)
        }
        return try row.string("value")
    }
}
