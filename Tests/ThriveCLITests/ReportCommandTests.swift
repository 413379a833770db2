import Foundation
import Testing
import ThriveTestSupport

/// `thrive report`, the real binary: the password comes on standard input, never as an argument; a
/// weak one or a backwards period is refused with the page's words; the PDF opens with the password.
@Suite("The health report from the command line")
struct ReportCommandTests {
    @Test func theReportIsWrittenProtectedOrRefusedWithAReason() throws {
        let thrive = Thrive()
        defer { thrive.cleanUp() }
        let made = try thrive.run(
            ["user", "create", "--email", "alex@example.com", "--password-stdin"], input: "long-password-1\n")
        #expect(made.status == 0, "\(made.errors)")
        let file = thrive.dataDirectory.appendingPathComponent("report.pdf")
        let base = ["report", "--email", "alex@example.com", "--password-stdin", "--output", file.path]

        let weak = try thrive.run(base, input: "password1\n")
        #expect(weak.status != 0)
        #expect(weak.errors.contains("This password is too easy to guess"))
        let backwards = try thrive.run(base + ["--from", "2026-10-31", "--to", "2026-10-01"], input: "Report-Pass-2026\n")
        #expect(backwards.errors.contains("The last day must be on or after the first."))
        let half = try thrive.run(base + ["--from", "2026-10-01"], input: "Report-Pass-2026\n")
        #expect(half.errors.contains("Give both --from and --to, or neither."))
        #expect(!FileManager.default.fileExists(atPath: file.path), "nothing written when refused")

        let written = try thrive.run(base + ["--language", "fr"], input: "Report-Pass-2026\n")
        #expect(written.status == 0, "\(written.errors)")
        #expect(written.output.contains("Wrote the report"))
        let pdf = Array(try Data(contentsOf: file))
        #expect(try PDFTools.encryption(pdf, password: "Report-Pass-2026").text.contains("R = 6"))
        let text = try PDFTools.text(pdf, password: "Report-Pass-2026").text
        #expect(text.contains("Rapport de santé"))
        #expect(text.contains("Rien d'enregistré"))
    }
}
