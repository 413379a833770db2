import Foundation
import SQLKit
import ThriveCore

/// A small settings document a person owns, stored as JSON under a name. New fields can be added to
/// a document without a migration, provided they decode with defaults.
public protocol PersonDocument: Codable, Sendable {
    static var documentKind: String { get }
    /// The kind its changes are logged under for sync; `nil` for documents only the server uses.
    static var changeKind: ChangeKind? { get }
    init()
}

extension PersonDocument {
    public static var changeKind: ChangeKind? { nil }
}

/// One person's documents (plan preferences, source choices, …).
public protocol PersonDocumentRepository: Sendable {
    var owner: UserID { get }
    func get<Document: PersonDocument>(_ type: Document.Type) async throws -> Document?
    func save<Document: PersonDocument>(_ document: Document, at time: Date) async throws
}

struct SQLPersonDocumentRepository: PersonDocumentRepository {
    let session: DatabaseSession
    let owner: UserID
    private var sql: any SQLDatabase { session.sql }

    func get<Document: PersonDocument>(_ type: Document.Type) async throws -> Document? {
        guard let body = try await body(of: type) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(Document.self, from: Data(body.utf8))
    }

    private func body<Document: PersonDocument>(of type: Document.Type) async throws -> String? {
        try await sql.select().column("body").from("person_documents").where("owner_id", .equal, owner.rawValue)
            .where("kind", .equal, Document.documentKind).first()?.string("body")
    }

    /// Saves a document; a synced one logs the fields that changed (none changed, nothing logged).
    func save<Document: PersonDocument>(_ document: Document, at time: Date) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        let body = String(decoding: try encoder.encode(document), as: UTF8.self)
        guard let kind = Document.changeKind else { return try await upsert(Document.self, body, at: time) }
        let before = try await self.body(of: Document.self) ?? String(decoding: try encoder.encode(Document()), as: UTF8.self)
        let decoder = JSONDecoder()
        let paths = JSONValue.changedPaths(
            from: try decoder.decode(JSONValue.self, from: Data(before.utf8)),
            to: try decoder.decode(JSONValue.self, from: Data(body.utf8)))
        guard !paths.isEmpty else { return try await upsert(Document.self, body, at: time) }
        let log = ChangeLogWriter(session: session, owner: owner)
        let first = try await log.reserve(1)
        try await upsert(Document.self, body, at: time)
        try await log.log(
            [.init(kind: kind, recordID: owner.rawValue, deleted: false, detail: ChangeLogWriter.detail(paths))], from: first)
    }

    private func upsert<Document: PersonDocument>(_ type: Document.Type, _ body: String, at time: Date) async throws {
        try await sql.insert(into: "person_documents")
            .columns("owner_id", "kind", "body", "updated_at")
            .values(owner.rawValue, Document.documentKind, body, time)
            .onConflict(with: ["owner_id", "kind"]) { $0.set(excludedValueOf: "body").set(excludedValueOf: "updated_at") }
            .run()
    }
}
