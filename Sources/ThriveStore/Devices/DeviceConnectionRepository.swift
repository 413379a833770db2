import Foundation
import SQLKit
import ThriveCore

/// One person's device connections, one per provider.
public protocol DeviceConnectionRepository: Sendable {
    var owner: UserID { get }
    /// Adds a connection (replacing an earlier one to the same provider) or saves its new state.
    func save(_ connection: DeviceConnection) async throws
    /// Keeps the provider's refresh token, sealed by the caller; nil forgets it.
    func setSealedToken(_ sealed: String?, for id: DeviceConnectionID) async throws
    func sealedToken(for id: DeviceConnectionID) async throws -> String?
    func get(_ id: DeviceConnectionID) async throws -> DeviceConnection?
    func get(_ provider: DeviceProvider) async throws -> DeviceConnection?
    func all() async throws -> [DeviceConnection]
    @discardableResult func delete(_ id: DeviceConnectionID) async throws -> Bool
}

struct SQLDeviceConnectionRepository: DeviceConnectionRepository {
    let sql: any SQLDatabase
    let owner: UserID

    private static let columns = [
        "id", "owner_id", "provider", "scopes", "state", "connected_at", "last_sync_at", "problem", "failures",
        "records_stored",
    ]

    func save(_ connection: DeviceConnection) async throws {
        let scopes = connection.scopes.map(\.rawValue).joined(separator: ",")
        // A new connection to a provider replaces the old one (and its token).
        try await sql.delete(from: "device_connections").where("owner_id", .equal, owner.rawValue)
            .where("provider", .equal, connection.provider.rawValue).where("id", .notEqual, connection.id.rawValue).run()
        try await sql.insert(into: "device_connections").columns(Self.columns)
            .values(
                connection.id.rawValue, owner.rawValue, connection.provider.rawValue, scopes, connection.state.rawValue,
                connection.connectedAt, connection.lastSyncAt, connection.problem?.rawValue, connection.failures,
                connection.recordsStored
            )
            .onConflict(with: ["id"]) { update in
                var update = update
                for column in Self.columns.dropFirst(3) { update = update.set(excludedValueOf: column) }
                return update.where(SQLColumn("owner_id", table: "device_connections"), .equal, SQLBind(owner.rawValue))
            }.run()
    }

    func setSealedToken(_ sealed: String?, for id: DeviceConnectionID) async throws {
        try await sql.update("device_connections").set("sealed_refresh_token", to: sealed)
            .where("owner_id", .equal, owner.rawValue).where("id", .equal, id.rawValue).run()
    }

    func sealedToken(for id: DeviceConnectionID) async throws -> String? {
        try await sql.select().column("sealed_refresh_token").from("device_connections")
            .where("owner_id", .equal, owner.rawValue).where("id", .equal, id.rawValue).first()?
            .decode(column: "sealed_refresh_token", as: String?.self)
    }

    func get(_ id: DeviceConnectionID) async throws -> DeviceConnection? {
        try await select().where("id", .equal, id.rawValue).first().flatMap(decode)
    }

    func get(_ provider: DeviceProvider) async throws -> DeviceConnection? {
        try await select().where("provider", .equal, provider.rawValue).first().flatMap(decode)
    }

    func all() async throws -> [DeviceConnection] {
        try await select().orderBy("connected_at").all().compactMap(decode)
    }

    func delete(_ id: DeviceConnectionID) async throws -> Bool {
        try await sql.delete(from: "device_connections").where("owner_id", .equal, owner.rawValue)
            .where("id", .equal, id.rawValue).returning("id").first() != nil
    }

    private func select() -> SQLSelectBuilder {
        sql.select().columns(Self.columns.map { SQLIdentifier($0) }).from("device_connections")
            .where("owner_id", .equal, owner.rawValue)
    }

    /// A row of a provider this version does not know is skipped, not an error.
    private func decode(_ row: any SQLRow) throws -> DeviceConnection? {
        guard let provider = DeviceProvider(rawValue: try row.string("provider")),
            let state = DeviceConnection.State(rawValue: try row.string("state"))
        else { return nil }
        return DeviceConnection(
            id: DeviceConnectionID(try row.uuid("id")), provider: provider,
            scopes: try row.string("scopes").split(separator: ",").compactMap { DeviceScope(rawValue: String($0)) },
            state: state, connectedAt: try row.date("connected_at"), lastSyncAt: try row.optionalDate("last_sync_at"),
            problem: try row.optionalString("problem").flatMap(DeviceConnection.Problem.init(rawValue:)),
            failures: try row.int("failures"), recordsStored: try row.int("records_stored"))
    }
}
