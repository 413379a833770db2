/// What the last change to an entry did, carried in the redirect's query (a word, never the data)
/// and shown once as a toast; "deleted" comes with Undo.
enum EntryNotice: String, Sendable {
    case added, updated, deleted, restored

    /// "Meal deleted.", "Check-in added."
    func text(for kind: String) -> String {
        switch self {
        case .added: "\(kind) added."
        case .updated: "\(kind) updated."
        case .deleted: "\(kind) deleted."
        case .restored: "\(kind) restored."
        }
    }
}
