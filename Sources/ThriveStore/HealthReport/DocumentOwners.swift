import Foundation
import SQLKit
import ThriveCore

extension Repositories {
    /// Everyone who keeps a document of this kind, in one statement: the monthly report's planner
    /// reads only the people who asked for one.
    public func owners<Document: PersonDocument>(of type: Document.Type) async throws -> [UserID] {
        try await sql.select().column("owner_id").from("person_documents").where("kind", .equal, Document.documentKind)
            .all().map { UserID(try $0.uuid("owner_id")) }
    }
}
