import GraphQL
import Synchronization

/// Queries already parsed and validated against the schema, by their text: a phone sends the same
/// few queries again and again, and parsing and validating one costs more than running it. Bounded:
/// when full it starts over, so a client sending endless distinct queries cannot grow it.
final class GraphQLDocuments: Sendable {
    static let capacity = 64
    private let known = Mutex<[String: Document]>([:])

    func document(_ query: String) -> Document? { known.withLock { $0[query] } }

    func remember(_ document: Document, for query: String) {
        known.withLock { documents in
            if documents.count >= Self.capacity { documents.removeAll() }
            documents[query] = document
        }
    }
}
