import Foundation
import ThriveCore

/// The page of one kind of entry for one day: what the day holds so far, a form to add one, and
/// each entry with Edit and Delete (undoable).
struct EntryPage: Sendable {
    struct Item: Sendable {
        let id: String
        let title: String
        let detail: String
    }

    /// One-tap amounts (a glass, a bottle).
    struct Quick: Sendable {
        let value: String
        let label: String
    }

    let heading: String
    let path: String
    let pillar: String
    let pillarPath: String
    let date: String
    let dateLabel: String
    let previous: String
    let next: String?
    let summary: String?
    let notice: String?
    let canUndo: Bool
    let formTitle: String
    let submitLabel: String
    let controls: [FormControl]
    let quick: [Quick]
    let hasQuick: Bool
    let items: [Item]
    let isEmpty: Bool
    let emptyText: String
    let listTitle: String
    let offline: OfflineForm
    var errors: FormErrors
    var charts: [MetricChartView] = []
}

/// Editing one entry: the same controls as adding, filled in.
struct EntryEditPage: Sendable {
    let heading: String
    let path: String
    let id: String
    let date: String
    let controls: [FormControl]
    let offline: OfflineForm
    var errors: FormErrors
}
