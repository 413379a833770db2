import Foundation
import ThriveCore

/// How one kind of entry appears in the browser: where it lives, its form, how a form becomes an
/// entry and how an entry reads in a list. The routes are written once in `EntryPagesController`.
struct EntryPageKind<Entry: Codable & Sendable>: Sendable {
    /// The form's values by field name (as typed, or from an entry being edited).
    typealias Values = [String: String]

    let kind: EntryKind<Entry>
    /// What the form's entries are in sync: a browser that is offline queues the form as one.
    let sync: ChangeKind
    /// The catalog prefix of the kind's text ("entry.mood": its heading, form, list and notices).
    let text: String
    let path: String
    let pillar: Pillar
    /// One-tap amounts (in millilitres for drinks), labelled by `{text}.quick.{amount}`.
    var quickAmounts: [String] = []
    let controls: @Sendable (Values, FormErrors, PersonContext) -> [FormControl]
    let values: @Sendable (Entry, PersonContext) -> Values
    /// A validated entry from the form's values, at the given moment.
    let parse: @Sendable (FormFields, UUID, Date, PersonContext) throws -> Entry
    let item: @Sendable (Entry, PersonContext) -> (title: String, detail: String)
    let summary: @Sendable ([Entry], PersonContext) -> String?
    /// Trends charted under the day's entries.
    var charts: [ChartMetric] = []

    /// "Mood", the page's heading.
    var heading: String { t("\(text).heading") }
    var formTitle: String { t("\(text).formTitle") }
    var submitLabel: String { t("\(text).submit") }
    var listTitle: String { t("\(text).listTitle") }
    var emptyText: String { t("\(text).empty") }
    var quick: [EntryPage.Quick] { quickAmounts.map { .init(value: $0, label: t("\(text).quick.\($0)")) } }
}

extension Pillar {
    var path: String { "/pillars/\(rawValue)" }
}
