import Foundation
import Testing

@testable import ThriveCore

/// A lab's CSV batch read into submissions, each row's trouble kept to its row.
@Suite("Lab results CSV")
struct LabResultCSVTests {
    @Test func headersAreForgivingOfCaseSpacesAndOrder() throws {
        let rows = try LabResultCSV.rows(
            "\u{FEFF}Genotype, Test Date ,KIT,aat_level\r\nMZ,2026-11-20,FU-KIT-2025110701-2,92.5\r\n\r\n")
        #expect(rows.count == 1, "the blank line is no row")
        let submission = try rows[0].submission.get()
        #expect(rows[0].line == 2)
        #expect(submission.kit == "FU-KIT-2025110701-2" && submission.testDate == "2026-11-20")
        #expect(submission.aatMilligramsPerDeciliter == 92.5 && submission.genotype == "MZ" && submission.labNote == nil)
    }

    @Test func anEmptyLevelIsNoLevelButTextIsAProblemOfItsRow() throws {
        let rows = try LabResultCSV.rows("kit,testDate,aatLevel\nA,2026-11-20,\nB,2026-11-20,ninety\nC,2026-11-20,1,2\n")
        #expect(try rows[0].submission.get().aatMilligramsPerDeciliter == nil)
        #expect(rows[1].submission == .failure(.level) && rows[1].line == 3)
        #expect(rows[2].submission == .failure(.columns) && rows[2].line == 4)
    }

    @Test func aFileThatCannotBeReadSaysWhy() {
        #expect(throws: LabResultCSV.Problem.missingColumn("testDate")) { try LabResultCSV.rows("kit,aatLevel\nA,1\n") }
        #expect(throws: LabResultCSV.Problem.missingColumn("kit")) { try LabResultCSV.rows("testDate\n2026-11-20\n") }
        #expect(throws: LabResultCSV.Problem.unknownColumn("Patient")) {
            try LabResultCSV.rows("kit,testDate,Patient\nA,2026-11-20,Ann\n")
        }
        #expect(throws: LabResultCSV.Problem.noRows) { try LabResultCSV.rows("kit,testDate\n") }
        #expect(throws: LabResultCSV.Problem.noRows) { try LabResultCSV.rows("") }
        #expect(throws: LabResultCSV.Problem.notCSV(line: 2)) { try LabResultCSV.rows("kit,testDate\n\"A,2026-11-20") }
    }

    /// 20,000 rows is a file's limit; one more is refused whole.
    @Test func aFileHoldsAtMostTwentyThousandRows() throws {
        let row = "FU-KIT-2025110701-2,2026-11-20,92\n"
        let header = "kit,testDate,aatLevel\n"
        #expect(try LabResultCSV.rows(header + String(repeating: row, count: 20_000)).count == 20_000)
        #expect(throws: LabResultCSV.Problem.tooManyRows) {
            try LabResultCSV.rows(header + String(repeating: row, count: 20_001))
        }
    }
}
