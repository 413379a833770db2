import Foundation
import ThriveCore

/// An import as the API shows it: where it is, how far it came, and what it brought in or why it
/// stopped, with the sentence a person reads (in the request's language).
struct DataImportBody: Codable, Sendable {
    struct Failure: Codable, Sendable {
        let code: String
        let message: String
        let line: Int?
    }

    let id: String
    let source: String
    let fileName: String
    let fileBytes: Int
    let state: String
    /// The state in words ("Importing").
    let stateName: String
    let bytesRead: Int
    let bytesTotal: Int?
    /// 0 to 1, once the size of what is read is known.
    let fraction: Double?
    let recordsStored: Int
    let added: Int?
    let summary: ImportSummary?
    let failure: Failure?
    let notes: [String]
    let message: String
    let createdAt: Date
    let startedAt: Date?
    let finishedAt: Date?

    init(_ item: DataImport, zone: TimeZone) {
        id = item.id.description
        source = item.source.rawValue
        fileName = item.fileName
        fileBytes = item.fileBytes
        state = item.state.rawValue
        stateName = t("imports.stateName.\(item.state.rawValue)")
        bytesRead = item.bytesRead
        bytesTotal = item.bytesTotal
        fraction = item.fractionRead
        recordsStored = item.recordsStored
        added = item.added
        summary = item.summary
        failure = item.failure.map {
            Failure(code: $0.rawValue, message: t(Self.failurePhrase(item)), line: item.failureLine)
        }
        notes = item.notes.map { t("imports.note.\($0)") }
        message = Self.message(item, zone: zone)
        createdAt = item.createdAt
        startedAt = item.startedAt
        finishedAt = item.finishedAt
    }

    /// One sentence for where the import is.
    static func message(_ item: DataImport, zone: TimeZone) -> String { t(phrase(item, zone: zone)) }

    /// The same as words to render later (the notification's body, in the reader's language).
    static func phrase(_ item: DataImport, zone: TimeZone) -> Phrase {
        switch item.state {
        case .waiting: return Phrase("imports.state.waiting")
        case .importing where item.source == .thriveExport: return Phrase("imports.state.importingAll")
        case .importing: return Phrase("imports.state.importing", ["count": .integer(item.recordsStored)])
        case .failed: return failurePhrase(item)
        case .done where item.source == .thriveExport:
            return Phrase("notification.import.thrive.done.body", ["count": .integer(item.added ?? 0)])
        case .done:
            guard let summary = item.summary, summary.readCount > 0 else { return Phrase("notification.import.none.body") }
            return Phrase(
                "notification.import.done.body",
                [
                    "count": .integer(item.added ?? 0),
                    "sources": .names(summary.sources.sorted()),
                    "years": .text(summary.years(in: zone)),
                ])
        }
    }

    static func failurePhrase(_ item: DataImport) -> Phrase {
        Phrase("imports.failure.\(item.failure?.rawValue ?? "fileMissing")", ["line": .integer(item.failureLine ?? 0)])
    }
}
