/// What the last change to an entry did, carried in the redirect's query (a word, never the data)
/// and shown once as a toast; "deleted" comes with Undo.
enum EntryNotice: String, Sendable {
    case added, updated, deleted, restored

    /// "Meal deleted.", "Check-in added.": one sentence per kind, since the words agree with the
    /// kind's gender in most languages. `kind` is the kind's catalog prefix ("entry.mood").
    func text(for kind: String) -> String { t("\(kind).\(rawValue)") }
}
