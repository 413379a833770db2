import Foundation
import SQLKit
import ThriveCore

/// One person's notification center.
public protocol NotificationRepository: Sendable {
    var owner: UserID { get }
    /// Adds a notification unless one with its key exists; true when it was added.
    @discardableResult func add(_ entry: NotificationEntry) async throws -> Bool
    /// Newest first, `limit` of them, made after `since`, and after the one `before` names when
    /// given (the last of the previous page); nil when `before` names none of the person's.
    func list(since: Date, before: NotificationID?, limit: Int) async throws -> [NotificationEntry]?
    func get(_ id: NotificationID) async throws -> NotificationEntry?
    /// Whether a notification with this key exists.
    func contains(key: String) async throws -> Bool
    /// How many were made since `time`, critical alerts aside: what counts against the day's cap.
    func countedAgainstCap(since time: Date) async throws -> Int
    /// Unread ones made after `since`.
    func unreadCount(since: Date) async throws -> Int
    /// Marks one read (nil: all); returns how many changed.
    @discardableResult func markRead(_ id: NotificationID?, at time: Date) async throws -> Int
    /// True when there was one to delete.
    func delete(_ id: NotificationID) async throws -> Bool
}

struct SQLNotificationRepository: NotificationRepository {
    let sql: any SQLDatabase
    let owner: UserID

    func add(_ entry: NotificationEntry) async throws -> Bool {
        // The key's unique index settles a race: the second insert does nothing, and the row found
        // afterwards is not this entry's.
        try await sql.insert(into: "notifications")
            .columns("id", "owner_id", "kind", "notification_key", "title", "body", "link", "created_at", "read_at")
            .values(
                entry.id.rawValue, owner.rawValue, entry.kind.rawValue, entry.key, try StoredPhrases.text([entry.title]),
                try StoredPhrases.text([entry.body]), entry.link, entry.createdAt, entry.readAt
            ).ignoringConflicts(with: ["owner_id", "notification_key"]).run()
        let stored = try await sql.select().column("id").from("notifications").where("owner_id", .equal, owner.rawValue)
            .where("notification_key", .equal, entry.key).first()
        return try stored?.uuid("id") == entry.id.rawValue
    }

    func list(since: Date, before: NotificationID?, limit: Int) async throws -> [NotificationEntry]? {
        var query = sql.select().column("*").from("notifications").where("owner_id", .equal, owner.rawValue)
            .where("created_at", .greaterThanOrEqual, since)
        if let before {
            // Pages follow (time, id), so two made in the same instant are neither repeated nor skipped.
            guard
                let mark = try await sql.select().column("created_at").from("notifications")
                    .where("owner_id", .equal, owner.rawValue).where("id", .equal, before.rawValue).first()
            else { return nil }
            let time = try mark.date("created_at")
            query = query.where {
                $0.where("created_at", .lessThan, time).orWhere {
                    $0.where("created_at", .equal, time).where("id", .lessThan, before.rawValue)
                }
            }
        }
        return try await query.orderBy("created_at", .descending).orderBy("id", .descending).limit(limit).all()
            .compactMap(decode)
    }

    func get(_ id: NotificationID) async throws -> NotificationEntry? {
        try await sql.select().column("*").from("notifications").where("owner_id", .equal, owner.rawValue)
            .where("id", .equal, id.rawValue).first().flatMap(decode)
    }

    func contains(key: String) async throws -> Bool {
        try await sql.select().column("id").from("notifications").where("owner_id", .equal, owner.rawValue)
            .where("notification_key", .equal, key).first() != nil
    }

    func countedAgainstCap(since time: Date) async throws -> Int {
        let row = try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("notifications")
            .where("owner_id", .equal, owner.rawValue).where("created_at", .greaterThanOrEqual, time)
            .where("kind", .notEqual, NotificationKind.criticalAlert.rawValue).first()
        return try row?.decode(column: "n", as: Int.self) ?? 0
    }

    func unreadCount(since: Date) async throws -> Int {
        let row = try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("notifications")
            .where("owner_id", .equal, owner.rawValue).where("read_at", .is, SQLLiteral.null)
            .where("created_at", .greaterThanOrEqual, since).first()
        return try row?.decode(column: "n", as: Int.self) ?? 0
    }

    func markRead(_ id: NotificationID?, at time: Date) async throws -> Int {
        var update = sql.update("notifications").set("read_at", to: time).where("owner_id", .equal, owner.rawValue)
            .where("read_at", .is, SQLLiteral.null)
        if let id { update = update.where("id", .equal, id.rawValue) }
        return try await update.returning("id").all().count
    }

    func delete(_ id: NotificationID) async throws -> Bool {
        try await sql.delete(from: "notifications").where("owner_id", .equal, owner.rawValue).where("id", .equal, id.rawValue)
            .returning("id").first() != nil
    }

    private func decode(_ row: any SQLRow) throws -> NotificationEntry? {
        guard let kind = NotificationKind(rawValue: try row.string("kind")) else { return nil }
        return NotificationEntry(
            id: NotificationID(try row.uuid("id")), kind: kind, key: try row.string("notification_key"),
            title: StoredPhrases.phrases(try row.string("title")).first ?? .literal(""),
            body: StoredPhrases.phrases(try row.string("body")).first ?? .literal(""), link: try row.string("link"),
            createdAt: try row.date("created_at"), readAt: try row.optionalDate("read_at"))
    }
}
