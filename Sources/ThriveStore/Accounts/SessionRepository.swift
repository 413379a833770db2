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

    public init(tokenHash: String, userID: UserID, csrfToken: String, createdAt: Date, lastSeenAt: Date) {
        self.tokenHash = tokenHash
        self.userID = userID
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }
}

/// Browser sessions, kept in the database so that several server processes share them.
public protocol SessionRepository: Sendable {
    func create(_ session: WebSession) async throws
    func find(tokenHash: String) async throws -> WebSession?
    func touch(tokenHash: String, at time: Date) async throws
    func delete(tokenHash: String) async throws
    /// Logs the person out everywhere; returns how many sessions ended.
    @discardableResult func deleteAll(for userID: UserID) async throws -> Int
    /// Removes sessions idle since before `cutoff`.
    @discardableResult func deleteIdle(before cutoff: Date) async throws -> Int
}

struct SQLSessionRepository: SessionRepository {
    let sql: any SQLDatabase

    func create(_ session: WebSession) async throws {
        try await sql.insert(into: "web_sessions")
            .columns("token_hash", "user_id", "csrf_token", "created_at", "last_seen_at")
            .values(session.tokenHash, session.userID.rawValue, session.csrfToken, session.createdAt, session.lastSeenAt)
            .run()
    }

    func find(tokenHash: String) async throws -> WebSession? {
        try await sql.select().column("*").from("web_sessions").where("token_hash", .equal, tokenHash).first().map {
            WebSession(
                tokenHash: try $0.string("token_hash"), userID: UserID(try $0.uuid("user_id")),
                csrfToken: try $0.string("csrf_token"), createdAt: try $0.date("created_at"),
                lastSeenAt: try $0.date("last_seen_at"))
        }
    }

    func touch(tokenHash: String, at time: Date) async throws {
        try await sql.update("web_sessions").set("last_seen_at", to: time).where("token_hash", .equal, tokenHash).run()
    }

    func delete(tokenHash: String) async throws {
        try await sql.delete(from: "web_sessions").where("token_hash", .equal, tokenHash).run()
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
