import Foundation

public typealias DataImportID = Identifier<DataImport>

/// A file a person gave Thrive to bring in (an Apple Health export), from the upload to the
/// summary: it waits for the job runner, is imported batch by batch (each with the progress in its
/// transaction, so what the page shows is what is stored), then ends done or failed with a reason
/// the person can act on. The file itself is deleted when the import ends.
public struct DataImport: Equatable, Sendable, Identifiable {
    public enum Source: String, Sendable, Codable, CaseIterable {
        case appleHealth
        /// A spreadsheet's rows, mapped by the person (imported at once, not by a job).
        case csv
        /// Everything a person took out of a Thrive server (their export's ZIP), brought into an
        /// account without records here.
        case thriveExport
    }

    public enum State: String, Sendable, Codable, CaseIterable {
        /// Uploaded, waiting for the job runner.
        case waiting
        case importing
        case done
        case failed

        public var isFinished: Bool { self == .done || self == .failed }
    }

    /// Why an import stopped: each is the file's fault, so trying again with the same file cannot help.
    public enum Failure: String, Sendable, Codable, CaseIterable {
        /// Not well-formed XML (a file cut short); the records before the fault were imported.
        case malformed
        /// Declares XML entities, which an export never does (a billion-laughs file).
        case entityDeclared
        /// A damaged or cut ZIP: nothing was imported.
        case unreadableArchive
        /// A ZIP without export.xml.
        case noExportXML
        /// The uploaded file was gone before the import began (a server's disk was wiped).
        case fileMissing
        /// A Thrive export for an account that has records by now: it is brought only into one
        /// without, so that nothing is mixed or doubled. Nothing was imported.
        case accountNotEmpty
        /// A Thrive export of a format newer than this server reads. Nothing was imported.
        case newerExport
        /// A Thrive export with a row that cannot be read, or fewer rows than its manifest lists
        /// (a file cut short). Nothing was imported.
        case damagedExport
    }

    public let id: DataImportID
    public let source: Source
    /// The name the file had on the person's device, for them to recognise it (never a path here).
    public let fileName: String
    /// Bytes uploaded.
    public let fileBytes: Int
    public var state: State
    /// Bytes of the export read so far (for a ZIP, of the XML inside it, uncompressed).
    public var bytesRead: Int
    /// How many there are to read, once the import has opened the file.
    public var bytesTotal: Int?
    /// Records read and stored so far (those already there count too: they are confirmed).
    public var recordsStored: Int
    /// Records that were not there before, known when done.
    public var added: Int?
    public var summary: ImportSummary?
    public var failure: Failure?
    /// The line of the XML fault, for `malformed`.
    public var failureLine: Int?
    /// Remarks on the file ("export_cda.xml left out").
    public var notes: [String]
    public let createdAt: Date
    public var startedAt: Date?
    public var finishedAt: Date?

    public init(
        id: DataImportID, source: Source, fileName: String, fileBytes: Int, state: State = .waiting, bytesRead: Int = 0,
        bytesTotal: Int? = nil, recordsStored: Int = 0, added: Int? = nil, summary: ImportSummary? = nil,
        failure: Failure? = nil, failureLine: Int? = nil, notes: [String] = [], createdAt: Date, startedAt: Date? = nil,
        finishedAt: Date? = nil
    ) {
        self.id = id
        self.source = source
        self.fileName = Self.displayName(fileName)
        self.fileBytes = fileBytes
        self.state = state
        self.bytesRead = bytesRead
        self.bytesTotal = bytesTotal
        self.recordsStored = recordsStored
        self.added = added
        self.summary = summary
        self.failure = failure
        self.failureLine = failureLine
        self.notes = notes
        self.createdAt = createdAt
        self.startedAt = startedAt
        self.finishedAt = finishedAt
    }

    /// The last part of whatever name a client sent, without control characters, at most 120
    /// characters: a name to show, never one to open.
    public static func displayName(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let clean = String(last.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }.map(Character.init))
            .trimmingCharacters(in: .whitespaces)
        return clean.isEmpty ? "export.zip" : String(clean.prefix(120))
    }

    /// How far the import has come, 0 to 1, once the size is known.
    public var fractionRead: Double? {
        guard let bytesTotal, bytesTotal > 0 else { return state == .done ? 1 : nil }
        return min(Double(bytesRead) / Double(bytesTotal), 1)
    }
}
