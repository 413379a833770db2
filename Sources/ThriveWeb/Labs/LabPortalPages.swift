import Foundation
import ThriveCore

/// What the lab portal shows: the forms to issue kits, move one along and post a result, the
/// batches with their label sheets, and the latest kits.
struct LabPortalPage: Sendable {
    struct Batch: Sendable {
        let name: String
        let issued: String
        let kits: String
        let registered: String
        let resulted: String
        let labels: String
    }

    struct Kit: Sendable {
        let barcode: String
        let status: String
        let issued: String
        let registered: Bool
    }

    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    let notice: String?
    let errors: FormErrors
    let count: InputField
    let batch: InputField
    let barcode: InputField
    let statuses: [Option]
    let kit: InputField
    let testDate: InputField
    let aatLevel: InputField
    let genotype: InputField
    let labNote: InputField
    let batches: [Batch]
    /// The partner programs a batch may be for; the first option is none.
    let partners: [Option]
    let hasPartners: Bool
    let kits: [Kit]
    let csvExample: String
    let hasBatches: Bool
    let hasKits: Bool

    init(
        batches: [KitBatch], kits: [TestKit], partners: [String], zone: TimeZone, notice: String? = nil,
        form: [String: String] = [:], errors: FormErrors = FormErrors()
    ) {
        self.notice = notice
        self.errors = errors
        count = InputField(
            "count", t("labs.portal.count"), value: form["count"] ?? "", errors: errors,
            hint: t("labs.issue.count", ["max": "\(LabService.batchLimit)"]), type: "number", decimal: false, narrow: true)
        batch = InputField(
            "batch", t("labs.portal.batch"), value: form["batch"] ?? "", errors: errors, hint: t("labs.portal.batchHint"),
            decimal: false, maxLength: 60)
        barcode = InputField(
            "barcode", t("labs.register.label"), value: form["barcode"] ?? "", errors: errors, decimal: false, maxLength: 40)
        let partner = form["partner"] ?? ""
        self.partners =
            [Option(value: "", label: t("labs.portal.noPartner"), selected: partner.isEmpty)]
            + partners.map { Option(value: $0, label: $0, selected: $0 == partner) }
        hasPartners = !partners.isEmpty
        let chosen = form["status"] ?? KitStatus.receivedAtLab.rawValue
        statuses = [KitStatus.shipped, .receivedAtLab, .processing].map {
            Option(value: $0.rawValue, label: t($0.title), selected: $0.rawValue == chosen)
        }
        kit = InputField("kit", t("labs.kitLabel"), value: form["kit"] ?? "", errors: errors, decimal: false, maxLength: 40)
        testDate = InputField(
            "testDate", t("labs.portal.testDate"), value: form["testDate"] ?? "", errors: errors, type: "date", decimal: false)
        aatLevel = InputField(
            "aatLevel", t("labs.aat"), unit: "mg/dL", value: form["aatLevel"] ?? "", errors: errors, narrow: true)
        genotype = InputField(
            "genotype", t("labs.genotype"), value: form["genotype"] ?? "", errors: errors,
            hint: t("labs.portal.genotypeHint"), decimal: false, narrow: true, maxLength: 60)
        labNote = InputField(
            "labNote", t("labs.portal.note"), value: form["labNote"] ?? "", errors: errors, decimal: false, maxLength: 2_000)
        self.batches = batches.map {
            Batch(
                name: $0.name, issued: DisplayFormat.date($0.issuedAt, in: zone), kits: DisplayFormat.count($0.kits),
                registered: DisplayFormat.count($0.registered), resulted: DisplayFormat.count($0.resulted),
                labels: LabPortalPagesController.labelsPath($0.name))
        }
        self.kits = kits.map {
            Kit(
                barcode: $0.number.description, status: t($0.status.title), issued: DisplayFormat.date($0.issuedAt, in: zone),
                registered: $0.registeredAt != nil)
        }
        hasBatches = !batches.isEmpty
        hasKits = !kits.isEmpty
        csvExample = "kit,testDate,aatLevel,genotype,labNote\nFU-KIT-2025110701-2,2026-11-20,92,MZ,\n"
    }
}

/// The check of an uploaded CSV before anything is posted: every row with its outcome.
struct LabResultsPreviewPage: Sendable {
    struct Row: Sendable {
        let line: Int
        let kit: String
        let testDate: String
        let level: String
        let genotype: String
        let problem: String?
    }

    let fileName: String
    let summary: String
    let fileProblem: String?
    let rows: [Row]
    let hiddenRows: String?
    /// The file's text, posted back when every row is ready; nil while any row needs fixing.
    let csv: String?
    let postLabel: String

    /// The most rows the page lists: every problem first, then ready rows up to this.
    static let shownRows = 200

    init(fileName: String, text: String, rows: [LabResultCSV.Row], problems: [LabSubmissionProblem?]) {
        self.fileName = fileName
        fileProblem = nil
        var listed: [Row] = []
        for (row, problem) in zip(rows, problems) {
            let submission = try? row.submission.get()
            let shown = Row(
                line: row.line, kit: row.kit, testDate: submission?.testDate ?? "",
                level: submission?.aatMilligramsPerDeciliter.map(LabFormat.number) ?? "",
                genotype: submission?.genotype ?? "", problem: problem.map { t($0.phrase) })
            listed.append(shown)
        }
        let failing = listed.filter { $0.problem != nil }
        let ready = listed.count - failing.count
        let shown = failing + listed.filter { $0.problem == nil }.prefix(max(0, Self.shownRows - failing.count))
        self.rows = shown.sorted { $0.line < $1.line }
        hiddenRows =
            listed.count > shown.count
            ? t(Phrase("labs.preview.more", ["count": .integer(listed.count - shown.count)])) : nil
        summary =
            failing.isEmpty
            ? t(Phrase("labs.preview.allReady", ["count": .integer(ready)]))
            : t(Phrase("labs.preview.someProblems", ["count": .integer(failing.count), "rows": .integer(listed.count)]))
        csv = failing.isEmpty ? text : nil
        postLabel = t(Phrase("labs.preview.post", ["count": .integer(ready)]))
    }

    init(fileName: String, fileProblem: String) {
        self.fileName = fileName
        self.fileProblem = fileProblem
        summary = fileProblem
        rows = []
        hiddenRows = nil
        csv = nil
        postLabel = ""
    }
}
