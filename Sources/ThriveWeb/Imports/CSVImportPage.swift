import Foundation
import ThriveCore
import ThriveImport

/// The spreadsheet import's page: the upload step, or the mapping step with its preview.
struct CSVImportPage: Sendable {
    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    struct Row: Sendable {
        let line: Int
        let time: String
        let type: String
        let value: String
        /// Why the row cannot be read, in place of what it would be.
        let problem: String?
    }

    let uploading: Bool
    let error: String?
    let fileName: String
    let text: String
    let startOptions: [Option]
    let endOptions: [Option]
    let valueOptions: [Option]
    let typeOptions: [Option]
    let unitOptions: [Option]
    let rows: [Row]
    let problems: [String]
    let moreProblems: String?
    let hasProblems: Bool
    let summary: String
    let importLabel: String
    let canImport: Bool
    let limit: String

    /// The upload step, with what went wrong the last time.
    init(upload error: String?) {
        uploading = true
        self.error = error
        (fileName, text, summary, importLabel) = ("", "", "", "")
        (startOptions, endOptions, valueOptions, typeOptions, unitOptions) = ([], [], [], [], [])
        (rows, problems, moreProblems, hasProblems, canImport) = ([], [], nil, false, false)
        limit = t("imports.csv.fileHint", ["size": ImportFiles.size(CSVImport.limitBytes)])
    }

    /// The mapping step: which column is what, and the first rows as they will be stored.
    init(_ preview: CSVImport.Preview, text: String, error: String? = nil) {
        uploading = false
        self.error = error
        self.text = text
        fileName = preview.fileName
        limit = ""
        let mapping = preview.mapping
        let columns = preview.header.enumerated().map {
            (index: $0.offset, name: $0.element.isEmpty ? "#\($0.offset + 1)" : $0.element)
        }
        func options(_ chosen: Int?) -> [Option] {
            columns.map { Option(value: "\($0.index)", label: $0.name, selected: $0.index == chosen) }
        }
        startOptions = options(mapping.start)
        endOptions = [Option(value: "", label: t("imports.csv.noEnd"), selected: mapping.end == nil)] + options(mapping.end)
        valueOptions = options(mapping.value)
        typeOptions =
            columns.map {
                Option(
                    value: "column:\($0.index)", label: t("imports.csv.fromColumn", ["name": $0.name]),
                    selected: mapping.typeColumn == $0.index && mapping.type == nil)
            }
            + QuantityType.allCases.map { Option(value: "fixed:\($0.rawValue)", label: $0.title, selected: mapping.type == $0) }
        unitOptions =
            [Option(value: "", label: t("imports.csv.thriveUnit"), selected: mapping.unit == nil && mapping.unitColumn == nil)]
            + columns.map {
                Option(
                    value: "column:\($0.index)", label: t("imports.csv.fromColumn", ["name": $0.name]),
                    selected: mapping.unitColumn == $0.index)
            }
            + Self.units.map {
                Option(value: "fixed:\($0)", label: $0, selected: mapping.unit == $0 && mapping.unitColumn == nil)
            }
        let zone = preview.zone
        var shown: [Row] = []
        let problemsByLine = Dictionary(preview.problems.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
        var samples = preview.samples.makeIterator()
        for line in 2..<min(preview.rows.count + 2, 12) {
            if let problem = problemsByLine[line] {
                shown.append(Row(line: line, time: "", type: "", value: "", problem: CSVImport.problem(problem)))
            } else if let sample = samples.next() {
                shown.append(
                    Row(
                        line: line,
                        time: "\(DisplayFormat.date(sample.start, in: zone)) \(DisplayFormat.time(sample.start, in: zone))",
                        type: sample.type.title, value: Self.value(sample), problem: nil))
            }
        }
        rows = shown
        problems = preview.problems.prefix(10).map(CSVImport.problem)
        moreProblems =
            preview.problems.count > 10
            ? t(Phrase("imports.csv.moreProblems", ["count": .integer(preview.problems.count - 10)])) : nil
        hasProblems = !preview.problems.isEmpty
        summary = t(
            Phrase(
                "imports.csv.summary",
                ["count": .integer(preview.samples.count), "problems": .integer(preview.problems.count)]))
        importLabel = t(Phrase("imports.csv.import", ["count": .integer(preview.samples.count)]))
        canImport = !preview.samples.isEmpty
    }

    static let units = ["kg", "lb", "g", "mg", "bpm", "count", "kcal", "kJ", "m", "km", "mi", "L", "mL", "%", "ms", "min"]

    static func value(_ sample: QuantitySample) -> String {
        let unit = sample.type.canonicalUnit
        if unit == .fraction { return DisplayFormat.percent(sample.value) }
        return "\(DisplayFormat.decimal(sample.value, digits: 2)) \(unit == .count ? "" : unit.rawValue)"
            .trimmingCharacters(in: .whitespaces)
    }

    /// The mapping a submitted form describes.
    static func mapping(_ form: FormFields) -> CSVSampleMapping? {
        guard let start = form["start"].flatMap(Int.init), let value = form["value"].flatMap(Int.init) else { return nil }
        var mapping = CSVSampleMapping(start: start, end: form["end"].flatMap(Int.init), value: value)
        let type = form["type"] ?? ""
        if type.hasPrefix("column:") { mapping.typeColumn = Int(type.dropFirst(7)) }
        if type.hasPrefix("fixed:") { mapping.type = QuantityType(rawValue: String(type.dropFirst(6))) }
        let unit = form["unit"] ?? ""
        if unit.hasPrefix("column:") { mapping.unitColumn = Int(unit.dropFirst(7)) }
        if unit.hasPrefix("fixed:") { mapping.unit = String(unit.dropFirst(6)) }
        return mapping
    }
}
