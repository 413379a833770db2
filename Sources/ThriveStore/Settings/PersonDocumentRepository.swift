import Foundation
import SQLKit
import ThriveCore

/// A small settings document a person owns, stored as JSON under a name. New fields can be added to
/// a document without a migration, provided they decode with defaults.
public protocol PersonDocument: Codable, Sendable {
    static var documentKind: String { get }
    init()
}

/// One person's documents (plan preferences, source choices, …).
public protocol PersonDocumentRepository: Sendable {
    var owner: UserID { get }
    func get<Document: PersonDocument>(_ type: Document.Type) async throws -> Document?
    func save<Document: PersonDocument>(_ document: Document, at time: Date) async throws
}

struct SQLPersonDocumentRepository: PersonDocumentRepository {
    let sql: any SQLDatabase
    let owner: UserID

    func get<Document: PersonDocument>(_ type: Document.Type) async throws -> Document? {
        guard
            let row = try await sql.select().column("body").from("person_documents").where("owner_id", .equal, owner.rawValue)
                .where("kind", .equal, Document.documentKind).first()
        else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(Document.self, from: Data(try row.string("body").utf8))
    }

    func save<Document: PersonDocument>(_ document: Document, at time: Date) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        let body = String(decoding: try encoder.encode(document), as: UTF8.self)
        try await sql.insert(into: "person_documents")
            .columns("owner_id", "kind", "body", "updated_at")
            .values(owner.rawValue, Document.documentKind, body, time)
            .onConflict(with: ["owner_id", "kind"]) { $0.set(excludedValueOf: "body").set(excludedValueOf: "updated_at") }
            .run()
    }
}
