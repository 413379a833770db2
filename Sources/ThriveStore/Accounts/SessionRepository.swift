import Foundation
import SQLKit
import ThriveCore

/// A browser login. Only a hash of the cookie's token is stored, so a leaked database cannot be
/// replayed as a login.
public struct WebSession: Hashable, Sendable {
    public let tokenHash: String
    public let userID: UserID
    /// The synchroniser token every form of this session must echo back.
    public let csrfToken: String
    public let createdAt: Date
    public var lastSeenAt: Date
    /// What the browser said it is, in words ("Chrome on Android"), for the list of devices.
    public var deviceName: String?
    /// When the app lock closed over this session; nil while it is open.
    public var lockedAt: Date?
    /// Failed passkey or PIN tries on the lock screen since it closed.
    public var unlockFailures: Int

    public init(
        tokenHash: String, userID: UserID, csrfToken: String, createdAt: Date, lastSeenAt: Date, deviceName: String? = nil,
        lockedAt: Date? = nil, unlockFailures: Int = 0
    ) {
        self.tokenHash = tokenHash
        self.userID = userID
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.deviceName = deviceName
        self.lockedAt = lockedAt
        self.unlockFailures = unlockFailures
    }

    /// How the list of devices names this session in a form: the start of the token's hash, which
    /// says nothing about the token itself.
    public var handle: String { String(tokenHash.prefix(16)) }
}

/// Browser sessions, kept in the database so that several server processes share them.
public protocol SessionRepository: Sendable {
    func create(_ session: WebSession) async throws
    func find(tokenHash: String) async throws -> WebSession?
    func touch(tokenHash: String, at time: Date) async throws
    func delete(tokenHash: String) async throws
    /// Ends the person's session named by ``WebSession/handle`` (the device list's form); false
    /// when they have none by that name.
    @discardableResult func delete(handle: String, of userID: UserID) async throws -> Bool
    /// The person's sessions, most recently used first.
    func all(for userID: UserID) async throws -> [WebSession]
    /// Logs the person out everywhere; returns how many sessions ended.
    @discardableResult func deleteAll(for userID: UserID) async throws -> Int
    /// Closes the app lock over the session.
    func lock(tokenHash: String, at time: Date) async throws
    /// Opens it: no failures counted, in use from `time`.
    func unlock(tokenHash: String, at time: Date) async throws
    /// Counts a failed passkey or PIN try on the lock screen; returns how many there are now.
    func failedUnlock(tokenHash: String) async throws -> Int
    /// Removes sessions idle since before `cutoff`.
    @discardableResult func deleteIdle(before cutoff: Date) async throws -> Int
}

struct SQLSessionRepository: SessionRepository {
    let sql: any SQLDatabase

    func create(_ session: WebSession) async throws {
        try await sql.insert(into: "web_sessions")
            .columns("token_hash", "user_id", "csrf_token", "created_at", "last_seen_at", "device_name")
            .values(
                session.tokenHash, session.userID.rawValue, session.csrfToken, session.createdAt, session.lastSeenAt,
                session.deviceName
            )
            .run()
    }

    func find(tokenHash: String) async throws -> WebSession? {
        try await sql.select().column("*").from("web_sessions").where("token_hash", .equal, tokenHash).first().map(decode)
    }

    func all(for userID: UserID) async throws -> [WebSession] {
        try await sql.select().column("*").from("web_sessions").where("user_id", .equal, userID.rawValue)
            .orderBy("last_seen_at", .descending).all().map(decode)
    }

    private func decode(_ row: any SQLRow) throws -> WebSession {
        WebSession(
            tokenHash: try row.string("token_hash"), userID: UserID(try row.uuid("user_id")),
            csrfToken: try row.string("csrf_token"), createdAt: try row.date("created_at"),
            lastSeenAt: try row.date("last_seen_at"), deviceName: try row.optionalString("device_name"),
            lockedAt: try row.optionalDate("locked_at"), unlockFailures: try row.int("unlock_failures"))
    }

    func lock(tokenHash: String, at time: Date) async throws {
        try await sql.update("web_sessions").set("locked_at", to: time).where("token_hash", .equal, tokenHash)
            .where("locked_at", .is, SQLLiteral.null).run()
    }

    func unlock(tokenHash: String, at time: Date) async throws {
        try await sql.update("web_sessions").set("locked_at", to: SQLLiteral.null).set("unlock_failures", to: 0)
            .set("last_seen_at", to: time).where("token_hash", .equal, tokenHash).run()
    }

    func failedUnlock(tokenHash: String) async throws -> Int {
        try await sql.update("web_sessions").set(SQLIdentifier("unlock_failures"), to: SQLRaw("unlock_failures + 1"))
            .where("token_hash", .equal, tokenHash).returning("unlock_failures").first()?.int("unlock_failures") ?? 0
    }

    func touch(tokenHash: String, at time: Date) async throws {
        try await sql.update("web_sessions").set("last_seen_at", to: time).where("token_hash", .equal, tokenHash).run()
    }

    func delete(tokenHash: String) async throws {
        try await sql.delete(from: "web_sessions").where("token_hash", .equal, tokenHash).run()
    }

    func delete(handle: String, of userID: UserID) async throws -> Bool {
        guard let session = try await all(for: userID).first(where: { $0.handle == handle }) else { return false }
        try await delete(tokenHash: session.tokenHash)
        return true
    }

    func deleteAll(for userID: UserID) async throws -> Int {
        try await sql.delete(from: "web_sessions").where("user_id", .equal, userID.rawValue).returning("token_hash")
            .all().count
    }

    func deleteIdle(before cutoff: Date) async throws -> Int {
        try await sql.delete(from: "web_sessions").where("last_seen_at", .lessThan, cutoff).returning("token_hash")
            .all().count
    }
}
