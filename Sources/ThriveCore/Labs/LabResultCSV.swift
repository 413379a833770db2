import Foundation

/// A lab's batch of results as CSV, as a laboratory system exports it: a header naming the columns
/// (`kit`, `testDate`, `aatLevel`, `genotype`, `labNote`, in any order; case, spaces and
/// underscores do not matter), then one row per kit. `kit` and `testDate` are required columns; a
/// row leaves `aatLevel` or `genotype` empty when the lab measured only the other.
public enum LabResultCSV {
    /// The most rows one upload may hold: a day's run of a busy lab.
    public static let maximumRows = 20_000

    public static let columns = ["kit", "testDate", "aatLevel", "genotype", "labNote"]

    /// One data row: its line in the file and what it asks for, or why it cannot be read.
    public struct Row: Sendable, Hashable {
        public let line: Int
        /// The kit column as written, to name the row even when it cannot be read.
        public let kit: String
        public let submission: Result<LabResultSubmission, LabSubmissionProblem>
    }

    /// Why the file as a whole cannot be read.
    public enum Problem: Error, Sendable, Equatable {
        case notCSV(line: Int)
        case missingColumn(String)
        case unknownColumn(String)
        case noRows
        case tooManyRows
    }

    public static func rows(_ text: String) throws(Problem) -> [Row] {
        let records: [[String]]
        do {
            records = try CSVReader.records(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        } catch let failure as CSVReader.Failure {
            throw .notCSV(line: failure.line)
        } catch { throw .notCSV(line: 1) }
        guard let header = records.first else { throw .noRows }
        let names = header.map(normalised)
        for name in names where !name.isEmpty && !columns.map(normalised).contains(name) {
            throw .unknownColumn(header[names.firstIndex(of: name)!].trimmingCharacters(in: .whitespaces))
        }
        func index(_ column: String) -> Int? { names.firstIndex(of: normalised(column)) }
        guard let kit = index("kit") else { throw .missingColumn("kit") }
        guard let date = index("testDate") else { throw .missingColumn("testDate") }
        let level = index("aatLevel")
        let genotype = index("genotype")
        let note = index("labNote")
        var rows: [Row] = []
        // Lines count from the header's 1; a quoted field over several lines is not expected from a lab
        // system, so a record's line is its position.
        for (offset, record) in records.dropFirst().enumerated() {
            if record.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            guard rows.count < maximumRows else { throw .tooManyRows }
            let line = offset + 2
            let writtenKit = kit < record.count ? record[kit].trimmingCharacters(in: .whitespaces) : ""
            guard record.count == header.count else {
                rows.append(Row(line: line, kit: writtenKit, submission: .failure(.columns)))
                continue
            }
            func field(_ index: Int?) -> String? {
                index.map { record[$0].trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
            }
            var aat: Double?
            if let text = field(level) {
                guard let value = Double(text) else {
                    rows.append(Row(line: line, kit: writtenKit, submission: .failure(.level)))
                    continue
                }
                aat = value
            }
            rows.append(
                Row(
                    line: line, kit: writtenKit,
                    submission: .success(
                        LabResultSubmission(
                            kit: field(kit) ?? "", testDate: field(date) ?? "", aatMilligramsPerDeciliter: aat,
                            genotype: field(genotype), labNote: field(note)))))
        }
        guard !rows.isEmpty else { throw .noRows }
        return rows
    }

    /// The problem in words, for the page and the API.
    public static func phrase(_ problem: Problem) -> Phrase {
        switch problem {
        case .notCSV(let line): Phrase("labs.csv.notCSV", ["line": .integer(line)])
        case .missingColumn(let name): Phrase("labs.csv.missingColumn", ["column": .text(name)])
        case .unknownColumn(let name):
            Phrase(
                "labs.csv.unknownColumn", ["column": .text(name), "columns": .text(columns.joined(separator: ", "))])
        case .noRows: Phrase("labs.csv.noRows")
        case .tooManyRows: Phrase("labs.csv.tooManyRows", ["max": .integer(maximumRows)])
        }
    }

    static func normalised(_ name: String) -> String {
        name.lowercased().filter { $0.isLetter || $0.isNumber }
    }
}
