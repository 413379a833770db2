import Foundation
import ThriveCore
import ThriveImport
import ThriveStore

/// A spreadsheet of samples brought in: read with the person's mapping (or one guessed from its
/// header), shown before anything is stored, then stored in one transaction with the import's
/// record, so a file either lands whole or not at all. The same file again adds nothing.
struct CSVImport: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator

    /// The largest file taken: about 15,000 rows, and what a page's form can carry back.
    static let limitBytes = 512 * 1_024

    /// What the file will become.
    struct Preview: Sendable {
        let fileName: String
        /// The file's size.
        let bytes: Int
        let header: [String]
        let rows: [[String]]
        let mapping: CSVSampleMapping
        let samples: [QuantitySample]
        let problems: [CSVSampleReader.Problem]
        let zone: TimeZone
    }

    func preview(_ text: String, fileName: String, mapping: CSVSampleMapping?, for owner: UserID) async throws -> Preview {
        guard text.utf8.count <= Self.limitBytes else {
            throw AppError(
                status: .contentTooLarge, code: "payload_too_large",
                message: t("imports.csv.tooLarge", ["size": ImportFiles.size(Self.limitBytes)]))
        }
        let table = CSVText.rows(text)
        guard table.count >= 2, let header = table.first else { throw AppError.badRequest(t("imports.csv.noRows")) }
        let rows = Array(table.dropFirst())
        guard let mapping = mapping ?? CSVSampleMapping.suggested(header) else {
            throw AppError(
                status: .unprocessableContent, code: "invalid_input", message: t("imports.csv.noMapping"), field: "mapping")
        }
        for column in [mapping.start, mapping.value] + [mapping.end, mapping.typeColumn, mapping.unitColumn].compactMap({ $0 })
        where !header.indices.contains(column) {
            throw AppError(
                status: .unprocessableContent, code: "invalid_input", message: t("imports.csv.noColumn"), field: "mapping")
        }
        guard mapping.type != nil || mapping.typeColumn != nil else {
            throw AppError(
                status: .unprocessableContent, code: "invalid_input", message: t("imports.csv.noType"), field: "mapping")
        }
        let zone = try await store.read { try await $0.records(of: owner).timeZone() }
        let name = DataImport.displayName(fileName)
        let reader = CSVSampleReader(owner: owner.rawValue, source: Self.source(name), zone: zone)
        let (samples, problems) = reader.read(rows, mapping)
        return Preview(
            fileName: name, bytes: text.utf8.count, header: header, rows: rows, mapping: mapping, samples: samples,
            problems: problems, zone: zone)
    }

    /// Stores the preview's samples; with problems, only when the person chose to leave those rows out.
    func store(_ preview: Preview, skippingProblems: Bool, for owner: UserID) async throws -> DataImport {
        if let first = preview.problems.first, !skippingProblems {
            throw AppError(
                status: .unprocessableContent, code: "invalid_input",
                message: t(
                    Phrase(
                        "imports.csv.problems",
                        ["count": .integer(preview.problems.count), "first": .text(Self.problem(first))])))
        }
        guard !preview.samples.isEmpty else { throw AppError.badRequest(t("imports.csv.nothingToImport")) }
        var summary = ImportSummary()
        for sample in preview.samples {
            summary.read[sample.type.shortName, default: 0] += 1
            summary.first = min(summary.first ?? sample.start, sample.start)
            summary.last = max(summary.last ?? sample.start, sample.start)
        }
        for problem in preview.problems {
            let reason: ImportSummary.Refusal =
                switch problem.reason {
                case .badDate: .badDate
                case .unknownUnit: .unknownUnit
                case .outOfRange: .outOfRange
                case .badValue, .missingCell, .unknownType: .badValue
                }
            summary.refused[reason, default: [:]]["CSV", default: 0] += 1
        }
        summary.sources = [Self.source(preview.fileName).name]
        let time = now()
        let evaluation = SafetyEvaluationJob.job(for: owner, at: time, ids: ids)
        let id = DataImportID(ids.uuid())
        let (samples, fileName, bytes, read) = (preview.samples, preview.fileName, preview.bytes, summary)
        return try await store.write { repositories in
            let records = repositories.records(of: owner)
            let before = try await records.sampleCount()
            try await records.quantitySamples.store(samples)
            let after = try await records.sampleCount()
            let item = DataImport(
                id: id, source: .csv, fileName: fileName, fileBytes: bytes, state: .done, recordsStored: samples.count,
                added: after - before, summary: read, createdAt: time, startedAt: time, finishedAt: time)
            try await records.imports.save(item)
            try await repositories.jobs.enqueue(evaluation)
            return item
        }
    }

    /// The rows' source: the file's name without ".csv" ("scale-2026"), so the person can prefer
    /// or leave it like any device.
    static func source(_ fileName: String) -> SampleSource {
        let name = fileName.lowercased().hasSuffix(".csv") ? String(fileName.dropLast(4)) : fileName
        return SampleSource(name: name.isEmpty ? "CSV" : name, kind: .app)
    }

    /// "Line 7: “2026-13-01” is not a date (2026-05-04 or 2026-05-04T07:30)."
    static func problem(_ problem: CSVSampleReader.Problem) -> String {
        t(
            Phrase(
                "imports.csv.problem.\(problem.reason.rawValue)", ["line": .integer(problem.line), "text": .text(problem.text)]))
    }
}
