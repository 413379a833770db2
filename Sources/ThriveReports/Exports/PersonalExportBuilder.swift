import Foundation
import ThriveCore

/// Builds a person's export in a work folder, a table at a time, each file deflated as it is
/// written, then packs them into one ZIP with a README that says what each file holds. The rows arrive one by one from the
/// store; nothing but a megabyte's buffer per file is held in memory, so an export of millions of
/// records uses as much memory as one of a hundred.
///
/// One task drives it at a time (the store's read calls it from its own thread, row after row).
public final class PersonalExportBuilder: @unchecked Sendable {
    private let folder: URL
    private let fhir: FHIRBundleWriter
    private var current: ExportTableWriter?
    private var sampleColumns: (id: Int, type: Int, value: Int, start: Int, end: Int, source: Int)?
    private var entries: [DeflatingFile.Entry] = []
    /// Rows per table, in the order written.
    public private(set) var counts: [(table: String, rows: Int)] = []

    public init(workFolder: URL, patient: (id: UUID, name: String?, birthDate: String?, sex: String?), at time: Date) throws {
        try? FileManager.default.removeItem(at: workFolder)
        try FileManager.default.createDirectory(at: workFolder, withIntermediateDirectories: true)
        folder = workFolder
        fhir = try FHIRBundleWriter(
            in: workFolder,
            patient: .init(id: patient.id, name: patient.name, birthDate: patient.birthDate, sex: patient.sex), at: time)
    }

    /// Every record written, all tables together.
    public var records: Int { counts.reduce(0) { $0 + $1.rows } }
    /// Observations in the FHIR bundle.
    public var observations: Int { fhir.observations }

    public func beginTable(_ name: String, columns: [String]) throws {
        current = try ExportTableWriter(table: name, columns: columns, in: folder)
        sampleColumns = nil
        if name == "quantity_samples", let id = columns.firstIndex(of: "id"), let type = columns.firstIndex(of: "type"),
            let value = columns.firstIndex(of: "value"), let start = columns.firstIndex(of: "start_at"),
            let end = columns.firstIndex(of: "end_at"), let source = columns.firstIndex(of: "source_name")
        {
            sampleColumns = (id, type, value, start, end, source)
        }
    }

    public func write(_ cells: [ExportCell]) throws {
        try current?.write(cells)
        guard let columns = sampleColumns, case .uuid(let id) = cells[columns.id], case .text(let type) = cells[columns.type],
            case .real(let value) = cells[columns.value], case .timestamp(let start) = cells[columns.start],
            case .timestamp(let end) = cells[columns.end]
        else { return }
        let device: String? = if case .text(let name) = cells[columns.source] { name } else { nil }
        try fhir.add(id: id, storedType: type, value: value, start: start, end: end, device: device)
    }

    public func endTable() throws {
        guard let table = current else { return }
        entries += try table.finish()
        counts.append((table.table, table.rows))
        current = nil
    }

    /// Writes the README, the manifest and the FHIR bundle's end, packs every file into `destination` and empties
    /// the work folder; returns the ZIP's size in bytes.
    public func archive(to destination: URL, readme: String, at time: Date) throws -> Int {
        let bundle = try fhir.finish()
        let manifest = ThriveExportManifest(
            createdAt: time, tables: Dictionary(counts.map { ($0.table, $0.rows) }, uniquingKeysWith: +))
        var front: [DeflatingFile.Entry] = []
        for (path, contents) in [(ThriveExportManifest.path, try manifest.encoded()), ("README.md", Data(readme.utf8))] {
            let file = try DeflatingFile(path: path, in: folder)
            try file.write(contents)
            front.append(try file.finish())
        }
        try ZipWriter.write(front + [bundle] + entries, to: destination, at: time)
        try? FileManager.default.removeItem(at: folder)
        let size = try FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? Int
        return size ?? 0
    }

    /// Removes what was written so far (an export that failed).
    public func discard() {
        try? FileManager.default.removeItem(at: folder)
    }
}
