import Foundation
import SQLKit
import ThriveCore

/// A version of a record that lost: the server's, overwritten by a device's choice, or a device's,
/// set aside for the server's or for a deletion. Nothing a person wrote is thrown away.
public struct SetAsideVersion: Hashable, Sendable {
    public enum Side: String, Sendable, Codable {
        case server, device
    }

    public let id: UUID
    public let kind: ChangeKind
    public let recordID: UUID
    /// The version it was (the server's) or was based on (the device's); `nil` for a new record.
    public let version: Int64?
    public let side: Side
    /// Why it lost, as a machine word ("keptDevice", "deletedOnServer", "serverWonField", …).
    public let reason: String
    /// The record's fields as JSON.
    public let body: JSONValue
    public let keptAt: Date

    public init(
        id: UUID, kind: ChangeKind, recordID: UUID, version: Int64?, side: Side, reason: String, body: JSONValue,
        keptAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.recordID = recordID
        self.version = version
        self.side = side
        self.reason = reason
        self.body = body
        self.keptAt = keptAt
    }
}

/// One person's set-aside versions.
public protocol ConflictHistoryRepository: Sendable {
    var owner: UserID { get }
    func keep(_ version: SetAsideVersion) async throws
    /// A record's set-aside versions, oldest first.
    func versions(_ kind: ChangeKind, recordID: UUID) async throws -> [SetAsideVersion]
}

struct SQLConflictHistoryRepository: ConflictHistoryRepository {
    let sql: any SQLDatabase
    let owner: UserID

    func keep(_ version: SetAsideVersion) async throws {
        let body = String(decoding: try JSONEncoder().encode(version.body), as: UTF8.self)
        try await sql.insert(into: "sync_history")
            .columns("id", "owner_id", "kind", "record_id", "version", "side", "reason", "body", "kept_at")
            .values(
                SQLBind(version.id), SQLBind(owner.rawValue), SQLBind(version.kind.rawValue), SQLBind(version.recordID),
                SQLBind(version.version), SQLBind(version.side.rawValue), SQLBind(version.reason), SQLBind(body),
                SQLBind(version.keptAt)
            )
            .run()
    }

    func versions(_ kind: ChangeKind, recordID: UUID) async throws -> [SetAsideVersion] {
        let rows = try await sql.select().column("*").from("sync_history").where("owner_id", .equal, owner.rawValue)
            .where("kind", .equal, kind.rawValue).where("record_id", .equal, recordID).orderBy("kept_at").all()
        return try rows.map { row in
            SetAsideVersion(
                id: try row.uuid("id"), kind: kind, recordID: recordID,
                version: try row.decode(column: "version", as: Int64?.self),
                side: SetAsideVersion.Side(rawValue: try row.string("side")) ?? .device, reason: try row.string("reason"),
                body: try JSONDecoder().decode(JSONValue.self, from: Data(try row.string("body").utf8)),
                keptAt: try row.date("kept_at"))
        }
    }
}
