import Foundation
import SQLKit
import ThriveCore

/// A counselor's person, as their caseload lists them.
public struct CounselorCase: Hashable, Sendable {
    public let assignment: CounselorAssignment
    /// The person's messages the counselor has not opened yet.
    public let unread: Int
    public let lastMessageAt: Date?

    public init(assignment: CounselorAssignment, unread: Int, lastMessageAt: Date?) {
        self.assignment = assignment
        self.unread = unread
        self.lastMessageAt = lastMessageAt
    }
}

/// Who counsels whom, and each person's conversation. Callers check who may read what: the person,
/// or the counselor assigned to them.
public protocol CounselingRepository: Sendable {
    /// Every account with the counselor role, longest-serving first.
    func counselors() async throws -> [UserID]
    func assignment(of person: UserID) async throws -> CounselorAssignment?
    /// Assigns the person, or moves them to another counselor.
    func assign(_ assignment: CounselorAssignment) async throws
    func unassign(_ person: UserID) async throws -> Bool
    /// How many people each of `counselors` looks after.
    func caseloads(_ counselors: [UserID]) async throws -> [UserID: Int]
    func cases(of counselor: UserID) async throws -> [CounselorCase]
    /// The latest `limit` messages before `before` (all when nil), oldest first.
    func messages(of person: UserID, before: Date?, limit: Int) async throws -> [CounselorMessage]
    func post(_ message: CounselorMessage) async throws
    /// Marks the messages `author` wrote to the other side as read; how many were unread.
    @discardableResult
    func markRead(of person: UserID, author: CounselorMessage.Author, at time: Date) async throws -> Int
    /// Messages in the person's conversation by `author` that the other side has not opened yet.
    func unread(of person: UserID, author: CounselorMessage.Author) async throws -> Int
}

struct SQLCounselingRepository: CounselingRepository {
    let sql: any SQLDatabase

    func counselors() async throws -> [UserID] {
        let role = AccountRole.counselor.rawValue
        return try await sql.raw(
            """
            SELECT r.user_id FROM account_roles r JOIN users u ON u.id = r.user_id
            WHERE r.role = \(bind: role) ORDER BY u.created_at, u.id
            """
        ).all().map { UserID(try $0.uuid("user_id")) }
    }

    func assignment(of person: UserID) async throws -> CounselorAssignment? {
        try await sql.select().column("*").from("counselor_assignments").where("person_id", .equal, SQLBind(person.rawValue))
            .first().map(Self.assignment)
    }

    func assign(_ assignment: CounselorAssignment) async throws {
        try await sql.insert(into: "counselor_assignments").columns("person_id", "counselor_id", "assigned_at")
            .values(
                SQLBind(assignment.person.rawValue), SQLBind(assignment.counselor.rawValue), SQLBind(assignment.assignedAt)
            )
            .onConflict(with: ["person_id"]) { $0.set(excludedValueOf: "counselor_id").set(excludedValueOf: "assigned_at") }
            .run()
    }

    func unassign(_ person: UserID) async throws -> Bool {
        try await !sql.delete(from: "counselor_assignments").where("person_id", .equal, SQLBind(person.rawValue))
            .returning("person_id").all().isEmpty
    }

    func caseloads(_ counselors: [UserID]) async throws -> [UserID: Int] {
        guard !counselors.isEmpty else { return [:] }
        let rows = try await sql.select().column("counselor_id").column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
            .from("counselor_assignments").where("counselor_id", .in, counselors.map(\.rawValue))
            .groupBy("counselor_id").all()
        return Dictionary(
            uniqueKeysWithValues: try rows.map { (UserID(try $0.uuid("counselor_id")), try $0.decode(column: "n", as: Int.self)) }
        )
    }

    func cases(of counselor: UserID) async throws -> [CounselorCase] {
        let assignments = try await sql.select().column("*").from("counselor_assignments")
            .where("counselor_id", .equal, SQLBind(counselor.rawValue)).orderBy("assigned_at").all().map(Self.assignment)
        var cases: [CounselorCase] = []
        for assignment in assignments {
            let latest = try await sql.select().column("created_at").from("counselor_messages")
                .where("owner_id", .equal, SQLBind(assignment.person.rawValue))
                .orderBy("created_at", .descending).limit(1).first()
            cases.append(
                CounselorCase(
                    assignment: assignment, unread: try await unread(of: assignment.person, author: .person),
                    lastMessageAt: try latest?.date("created_at")))
        }
        // Whoever wrote last comes first; people who have not written yet, in the order they came.
        return cases.enumerated().sorted { left, right in
            switch (left.element.lastMessageAt, right.element.lastMessageAt) {
            case (let a?, let b?): return a > b
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return left.offset < right.offset
            }
        }.map(\.element)
    }

    func messages(of person: UserID, before: Date?, limit: Int) async throws -> [CounselorMessage] {
        var query = sql.select().column("*").from("counselor_messages").where("owner_id", .equal, SQLBind(person.rawValue))
        if let before { query = query.where("created_at", .lessThan, SQLBind(before)) }
        return try await query.orderBy("created_at", .descending).orderBy("id", .descending).limit(limit).all()
            .map(Self.message).reversed()
    }

    func post(_ message: CounselorMessage) async throws {
        try await sql.insert(into: "counselor_messages")
            .columns("id", "owner_id", "author", "counselor_id", "counselor_name", "text", "created_at", "read_at")
            .values(
                SQLBind(message.id.rawValue), SQLBind(message.owner.rawValue), SQLBind(message.author.rawValue),
                SQLBind(message.counselor?.rawValue), SQLBind(message.counselorName), SQLBind(message.text),
                SQLBind(message.createdAt), SQLBind(message.readAt)
            )
            .run()
    }

    func markRead(of person: UserID, author: CounselorMessage.Author, at time: Date) async throws -> Int {
        try await sql.update("counselor_messages").set("read_at", to: SQLBind(time))
            .where("owner_id", .equal, SQLBind(person.rawValue)).where("author", .equal, SQLBind(author.rawValue))
            .where("read_at", .is, SQLLiteral.null).returning("id").all().count
    }

    func unread(of person: UserID, author: CounselorMessage.Author) async throws -> Int {
        try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("counselor_messages")
            .where("owner_id", .equal, SQLBind(person.rawValue)).where("author", .equal, SQLBind(author.rawValue))
            .where("read_at", .is, SQLLiteral.null).first()?.decode(column: "n", as: Int.self) ?? 0
    }

    static func assignment(_ row: any SQLRow) throws -> CounselorAssignment {
        CounselorAssignment(
            person: UserID(try row.uuid("person_id")), counselor: UserID(try row.uuid("counselor_id")),
            assignedAt: try row.date("assigned_at"))
    }

    static func message(_ row: any SQLRow) throws -> CounselorMessage {
        CounselorMessage(
            id: CounselorMessageID(try row.uuid("id")), owner: UserID(try row.uuid("owner_id")),
            author: CounselorMessage.Author(rawValue: try row.string("author")) ?? .person,
            counselor: try row.decode(column: "counselor_id", as: UUID?.self).map(UserID.init),
            counselorName: try row.optionalString("counselor_name"), text: try row.string("text"),
            createdAt: try row.date("created_at"), readAt: try row.optionalDate("read_at"))
    }
}
