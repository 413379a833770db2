import Foundation
import ThriveCore

/// How one kind of entry appears in the browser: where it lives, its form, how a form becomes an
/// entry and how an entry reads in a list. The routes are written once in `EntryPagesController`.
struct EntryPageKind<Entry: Codable & Sendable>: Sendable {
    /// The form's values by field name (as typed, or from an entry being edited).
    typealias Values = [String: String]

    let kind: EntryKind<Entry>
    /// "Mood", for headings and notices ("Mood check-in added.").
    let heading: String
    let noticeName: String
    let path: String
    let pillar: Pillar
    let formTitle: String
    let submitLabel: String
    let listTitle: String
    let emptyText: String
    let quick: [EntryPage.Quick]
    let controls: @Sendable (Values, FormErrors, PersonContext) -> [FormControl]
    let values: @Sendable (Entry, PersonContext) -> Values
    /// A validated entry from the form's values, at the given moment.
    let parse: @Sendable (FormFields, UUID, Date, PersonContext) throws -> Entry
    let item: @Sendable (Entry, PersonContext) -> (title: String, detail: String)
    let summary: @Sendable ([Entry], PersonContext) -> String?
    /// Trends charted under the day's entries.
    var charts: [ChartMetric] = []
}

extension Pillar {
    var path: String { "/pillars/\(rawValue)" }
}
