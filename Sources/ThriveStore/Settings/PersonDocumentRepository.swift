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
        try await body(of: Document.documentKind)
    }

    private func body(of kind: String) async throws -> String? {
        try await sql.select().column("body").from("person_documents").where("owner_id", .equal, owner.rawValue)
            .where("kind", .equal, kind).first()?.string("body")
    }

    /// Saves a document; a synced one logs the fields that changed (none changed, nothing logged).
    func save<Document: PersonDocument>(_ document: Document, at time: Date) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        let body = String(decoding: try encoder.encode(document), as: UTF8.self)
        try await write(
            kind: Document.documentKind, body: body, change: Document.changeKind,
            fallback: { String(decoding: try encoder.encode(Document()), as: UTF8.self) }, at: time)
    }

    /// Writes a document's body by its kind. A synced kind (`change`) logs the fields that differ
    /// from the stored body, or from `fallback` (the kind's defaults) when none is stored; none
    /// differing, nothing is logged.
    func write(kind: String, body: String, change: ChangeKind?, fallback: () throws -> String, at time: Date) async throws {
        guard let change else { return try await upsert(kind, body, at: time) }
        let before = try await self.body(of: kind) ?? fallback()
        let decoder = JSONDecoder()
        let paths = JSONValue.changedPaths(
            from: try decoder.decode(JSONValue.self, from: Data(before.utf8)),
            to: try decoder.decode(JSONValue.self, from: Data(body.utf8)))
        guard !paths.isEmpty else { return try await upsert(kind, body, at: time) }
        let log = ChangeLogWriter(session: session, owner: owner)
        let first = try await log.reserve(1)
        try await upsert(kind, body, at: time)
        try await log.log(
            [.init(kind: change, recordID: owner.rawValue, deleted: false, detail: ChangeLogWriter.detail(paths))], from: first)
    }

    private func upsert(_ kind: String, _ body: String, at time: Date) async throws {
        try await sql.insert(into: "person_documents")
            .columns("owner_id", "kind", "body", "updated_at")
            .values(owner.rawValue, kind, body, time)
            .onConflict(with: ["owner_id", "kind"]) { $0.set(excludedValueOf: "body").set(excludedValueOf: "updated_at") }
            .run()
    }
}
