import Foundation
import Testing
import ThriveReports
import ThriveTestSupport

/// The report's PDF drawn by cairo and pango and protected by libqpdf, read back by qpdf and
/// poppler as a person's PDF viewer would.
@Suite("Report PDF")
struct ReportPDFTests {
    static func document(rows: Int) -> ReportDocument {
        let chart = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 260" width="640" height="260">\
            <rect width="640" height="260" fill="#fff"/><path d="M10 200 L630 40" stroke="#15803d" stroke-width="3"/>\
            <text x="20" y="30" font-family="DejaVu Sans" font-size="14">Weight, kg</text></svg>
            """
        return ReportDocument(
            title: "Health report", subtitle: "Zoë Müller · 1 Oct 2026 to 31 Oct 2026", contentsTitle: "Contents",
            sections: [
                ReportDocument.Section(
                    title: "Summary",
                    blocks: [
                        .paragraph("Sleep averaged 7 h 12 min against a target of 8 h."),
                        .facts([.init("Average protein", "104 g of 120 g"), .init("Workouts", "14 of 16 planned")]),
                    ]),
                ReportDocument.Section(title: "Weight", blocks: [.chart(svg: chart, width: 640, height: 260)]),
                ReportDocument.Section(
                    title: "Protein by day",
                    blocks: [
                        .table(
                            header: ["Day", "Protein", "Goal"],
                            rows: (1...rows).map { ["Day \($0)", "\(90 + $0 % 30) g", "120 g"] }),
                        .note("Days without a food log are left out."),
                    ]),
            ],
            footer: "This report was exported by the user from Thrive on 1 Nov 2026.",
            pageLabel: { "Page \($0) of \($1)" }, metadataTitle: "Health report", author: "Zoë Müller")
    }

    @Test func theProtectedFileIsAES256AndOpensOnlyWithThePassword() throws {
        let pdf = try PDFProtection.protect(try ReportPDF.render(Self.document(rows: 3)), password: "correct horse 42")
        #expect(pdf.starts(with: Array("%PDF-".utf8)))

        let encryption = try PDFTools.encryption(pdf, password: "correct horse 42")
        #expect(encryption.status == 0, "\(encryption.text)")
        #expect(encryption.text.contains("R = 6"))
        #expect(encryption.text.contains("stream encryption method: AESv3"))
        #expect(encryption.text.contains("string encryption method: AESv3"))

        let text = try PDFTools.text(pdf, password: "correct horse 42")
        #expect(text.status == 0)
        #expect(text.text.contains("Zoë Müller"))
        #expect(text.text.contains("Sleep averaged 7 h 12 min against a target of 8 h."))
        #expect(text.text.contains("This report was exported by the user from Thrive on 1 Nov 2026."))

        let wrong = try PDFTools.text(pdf, password: "correct horse 43")
        #expect(wrong.status != 0)
        #expect(!wrong.text.contains("Sleep averaged"))
        let none = try PDFTools.text(pdf, password: nil)
        #expect(none.status != 0)
        // Neither the words nor the metadata can be read from the bytes without the password.
        let raw = String(decoding: pdf, as: UTF8.self)
        #expect(!raw.contains("Health report"))
    }

    @Test func aLongTableRunsOverPagesWithItsHeaderAndTheContentsNamePages() throws {
        let pdf = try PDFProtection.protect(try ReportPDF.render(Self.document(rows: 120)), password: "pw-long-table")
        let pages = try #require(try PDFTools.pageCount(pdf, password: "pw-long-table"))
        #expect(pages >= 3)
        let text = try PDFTools.text(pdf, password: "pw-long-table").text
        let pageTexts = text.split(separator: "\u{0C}", omittingEmptySubsequences: false)
        #expect(pageTexts.count >= pages)
        // Every page carries the footer and its number.
        for number in 1...pages {
            #expect(pageTexts[number - 1].contains("Page \(number) of \(pages)"))
            #expect(pageTexts[number - 1].contains("exported by the user from Thrive"))
        }
        // The table's header repeats on the page the table continues on.
        #expect(pageTexts[pages - 1].contains("Day 120"))
        #expect(pageTexts[pages - 1].contains("Protein"))
        // The contents list on the first page gives the page each section starts on.
        let contents = try #require(pageTexts.first)
        let proteinLine = try #require(
            contents.split(separator: "\n").first { $0.contains("Protein by day") && !$0.contains("Day 1") })
        let firstTablePage = try #require(pageTexts.firstIndex { $0.contains("Day 1 ") || $0.contains("Day 1\n") })
        #expect(proteinLine.trimmingCharacters(in: .whitespaces).hasSuffix(String(firstTablePage + 1)))
    }
}
