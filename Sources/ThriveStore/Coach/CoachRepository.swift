import Foundation
import SQLKit
import ThriveCore

/// A message with its place in the conversation: `seq` counts up from 1 in the order things were
/// said, and is what pages of the conversation are cut by.
public struct PostedCoachMessage: Hashable, Sendable {
    public let seq: Int
    public var message: CoachMessage

    public init(seq: Int, message: CoachMessage) {
        self.seq = seq
        self.message = message
    }
}

/// One person's conversation with their coach, and the images they attached to it.
public protocol CoachRepository: Sendable {
    var owner: UserID { get }
    /// Adds messages after the last one, in order. With `openingDay`, they open that day's
    /// conversation and are stored only if nothing opened it yet; answers with what was stored.
    func append(_ messages: [CoachMessage], openingDay: LocalDate?) async throws -> [PostedCoachMessage]
    /// Up to `limit` messages in order, the newest ones before `before` (a seq) or the oldest
    /// ones after `after`; the latest when neither is given.
    func page(before: Int?, after: Int?, limit: Int) async throws -> [PostedCoachMessage]
    /// Messages whose words hold `words` (any case), newest first, before `before` when given.
    func search(_ words: String, before: Int?, limit: Int) async throws -> [PostedCoachMessage]
    func message(_ id: CoachMessageID) async throws -> PostedCoachMessage?
    /// Replaces a message's changing parts: its habit check's answer and its status times.
    func update(_ message: CoachMessage) async throws
    /// Marks messages by `author` delivered (and read, with `read`) up to and including `seq`;
    /// answers with how many changed.
    func mark(author: CoachMessage.Author, through seq: Int, delivered: Date, read: Date?) async throws -> Int
    /// Messages by `author` not read yet.
    func unreadCount(author: CoachMessage.Author) async throws -> Int
    /// How many messages the person has sent.
    func sentCount() async throws -> Int
    func isEmpty() async throws -> Bool
    func save(_ attachment: CoachAttachment) async throws
    func attachment(_ id: CoachAttachmentID) async throws -> CoachAttachment?
}

struct SQLCoachRepository: CoachRepository {
    let session: DatabaseSession
    let owner: UserID
    var sql: any SQLDatabase { session.sql }

    func append(_ messages: [CoachMessage], openingDay: LocalDate?) async throws -> [PostedCoachMessage] {
        guard !messages.isEmpty else { return [] }
        if session.kind == .postgres {
            // One writer of a person's conversation at a time, so two never take the same seq. NO KEY
            // leaves the row free for the key-share locks of inserts elsewhere.
            try await sql.raw("SELECT id FROM users WHERE id = \(bind: owner.rawValue) FOR NO KEY UPDATE").run()
        }
        var seq = try await lastSeq()
        var posted: [PostedCoachMessage] = []
        for (index, message) in messages.enumerated() {
            seq += 1
            let opening = index == 0 ? openingDay?.iso8601 : nil
            var insert = sql.insert(into: "coach_messages")
                .columns(
                    "owner_id", "seq", "id", "author", "body", "quick_replies", "habit_check", "payload", "attachment_id",
                    "opening_day", "created_at", "delivered_at", "read_at"
                )
                .values(
                    SQLBind(owner.rawValue), SQLBind(seq), SQLBind(message.id.rawValue), SQLBind(message.author.rawValue),
                    SQLBind(message.text), SQLBind(try Self.json(message.quickReplies.isEmpty ? nil : message.quickReplies)),
                    SQLBind(try Self.json(message.habitCheck)), SQLBind(message.payload), SQLBind(message.attachment?.rawValue),
                    SQLBind(opening), SQLBind(message.createdAt), SQLBind(message.deliveredAt), SQLBind(message.readAt)
                )
            if opening != nil { insert = insert.ignoringConflicts(with: ["owner_id", "opening_day"]) }
            let stored = try await insert.returning("seq").all()
            if stored.isEmpty { return [] }
            posted.append(PostedCoachMessage(seq: seq, message: message))
        }
        return posted
    }

    func page(before: Int?, after: Int?, limit: Int) async throws -> [PostedCoachMessage] {
        var query = owned()
        if let before { query = query.where("seq", .lessThan, before) }
        if let after {
            return try await query.where("seq", .greaterThan, after).orderBy("seq", .ascending).limit(limit).all()
                .map(Self.decode)
        }
        return try await query.orderBy("seq", .descending).limit(limit).all().map(Self.decode).reversed()
    }

    func search(_ words: String, before: Int?, limit: Int) async throws -> [PostedCoachMessage] {
        let escaped = words.lowercased().replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        var query = owned().where(
            SQLQueryString("LOWER(body) LIKE \(bind: "%\(escaped)%") ESCAPE '\\'"))
        if let before { query = query.where("seq", .lessThan, before) }
        return try await query.orderBy("seq", .descending).limit(limit).all().map(Self.decode)
    }

    func message(_ id: CoachMessageID) async throws -> PostedCoachMessage? {
        try await owned().where("id", .equal, id.rawValue).first().map(Self.decode)
    }

    func update(_ message: CoachMessage) async throws {
        try await sql.update("coach_messages")
            .set("habit_check", to: SQLBind(try Self.json(message.habitCheck)))
            .set("delivered_at", to: SQLBind(message.deliveredAt)).set("read_at", to: SQLBind(message.readAt))
            .where("owner_id", .equal, owner.rawValue).where("id", .equal, message.id.rawValue).run()
    }

    func mark(author: CoachMessage.Author, through seq: Int, delivered: Date, read: Date?) async throws -> Int {
        var changed = try await sql.update("coach_messages").set("delivered_at", to: SQLBind(delivered))
            .where("owner_id", .equal, owner.rawValue).where("author", .equal, author.rawValue)
            .where("seq", .lessThanOrEqual, seq).where("delivered_at", .is, SQLLiteral.null)
            .returning("seq").all().count
        if let read {
            changed += try await sql.update("coach_messages").set("read_at", to: SQLBind(read))
                .where("owner_id", .equal, owner.rawValue).where("author", .equal, author.rawValue)
                .where("seq", .lessThanOrEqual, seq).where("read_at", .is, SQLLiteral.null)
                .returning("seq").all().count
        }
        return changed
    }

    func unreadCount(author: CoachMessage.Author) async throws -> Int {
        try await count(owned(columns: false).where("author", .equal, author.rawValue).where("read_at", .is, SQLLiteral.null))
    }

    func sentCount() async throws -> Int {
        try await count(owned(columns: false).where("author", .equal, CoachMessage.Author.person.rawValue))
    }

    func isEmpty() async throws -> Bool {
        try await owned(columns: false).column("seq").limit(1).first() == nil
    }

    func save(_ attachment: CoachAttachment) async throws {
        try await sql.insert(into: "coach_attachments").columns("id", "owner_id", "media_type", "bytes", "created_at")
            .values(
                SQLBind(attachment.id.rawValue), SQLBind(owner.rawValue), SQLBind(attachment.mediaType.rawValue),
                SQLBind(attachment.bytes), SQLBind(attachment.createdAt)
            ).run()
    }

    func attachment(_ id: CoachAttachmentID) async throws -> CoachAttachment? {
        guard
            let row = try await sql.select().column("*").from("coach_attachments").where("owner_id", .equal, owner.rawValue)
                .where("id", .equal, id.rawValue).first(),
            let mediaType = ImageMediaType(rawValue: try row.string("media_type"))
        else { return nil }
        return CoachAttachment(
            id: id, mediaType: mediaType, bytes: try row.decode(column: "bytes", as: Data.self),
            createdAt: try row.date("created_at"))
    }

    private func owned(columns: Bool = true) -> SQLSelectBuilder {
        let select = sql.select().from("coach_messages").where("owner_id", .equal, owner.rawValue)
        return columns ? select.column("*") : select
    }

    private func count(_ query: SQLSelectBuilder) async throws -> Int {
        try await query.column(SQLFunction("COUNT", args: SQLLiteral.all), as: "messages").first()?
            .decode(column: "messages", as: Int.self) ?? 0
    }

    /// The order number of the person's last message (0 before the first).
    func lastSeq() async throws -> Int {
        try await sql.select().column(SQLFunction("MAX", args: SQLColumn("seq")), as: "last").from("coach_messages")
            .where("owner_id", .equal, owner.rawValue).first()?.decode(column: "last", as: Int?.self) ?? 0
    }

    private static func json(_ value: (some Encodable)?) throws -> String? {
        guard let value else { return nil }
        return String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    private static func decode(_ row: any SQLRow) throws -> PostedCoachMessage {
        let decoder = JSONDecoder()
        let replies = try row.optionalString("quick_replies").map {
            try decoder.decode([QuickReply].self, from: Data($0.utf8))
        }
        let check = try row.optionalString("habit_check").map { try decoder.decode(HabitCheck.self, from: Data($0.utf8)) }
        let message = CoachMessage(
            id: CoachMessageID(try row.uuid("id")),
            author: CoachMessage.Author(rawValue: try row.string("author")) ?? .coach, text: try row.string("body"),
            quickReplies: replies ?? [], habitCheck: check, payload: try row.optionalString("payload"),
            attachment: try row.decode(column: "attachment_id", as: UUID?.self).map(CoachAttachmentID.init),
            createdAt: try row.date("created_at"), deliveredAt: try row.optionalDate("delivered_at"),
            readAt: try row.optionalDate("read_at"))
        return PostedCoachMessage(seq: try row.int("seq"), message: message)
    }
}
