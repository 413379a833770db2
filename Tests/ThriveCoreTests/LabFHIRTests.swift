import Foundation
import Testing
import ThriveTestSupport

@testable import ThriveCore

/// Lab results to and from FHIR R4 (the codes: LOINC 1825-9 for the AAT level, 84413-4 for the
/// genotype with the gene studied SERPINA1, HGNC:8941). The Bundles are also read by a third-party
/// FHIR validator in the web suite.
@Suite("Lab results as FHIR")
struct LabFHIRTests {
    static func transaction(unit: String = "umol/L", type: String = "transaction", kitSystem: String = "urn:thrive:test-kit")
        -> String
    {
        LabFHIRSamples.transaction(unit: unit, type: type, kitSystem: kitSystem)
    }

    static func decode(_ text: String) throws -> FHIR.Bundle {
        try JSONDecoder().decode(FHIR.Bundle.self, from: Data(text.utf8))
    }

    @Test func aLabsTransactionReadsAsOneSubmission() throws {
        let posted = try LabFHIR.submissions(try Self.decode(Self.transaction()))
        #expect(posted.count == 1)
        let submission = posted[0].submission
        #expect(submission.kit == "FU-KIT-2025110701-2")
        #expect(submission.testDate == "2026-11-20", "the day of the sample, as the lab wrote it")
        // 20 µmol/L × 52,000 g/mol = 1,040 mg/L = 104 mg/dL.
        #expect(submission.aatMilligramsPerDeciliter == 104)
        #expect(submission.genotype.flatMap(Genotype.init)?.common == .mz)
        #expect(submission.labNote == "Sample slightly haemolysed.")
        #expect(posted[0].report?.starts(with: Array("%PDF-".utf8)) == true)
        #expect(posted[0].fullUrl == "urn:uuid:8d1b7c3a-5b0e-4a7e-9a77-0b7c1f6d2a10")
    }

    @Test(arguments: [("mg/dL", 20.0), ("g/L", 2_000.0)])
    func theLevelIsConvertedFromItsUnit(unit: String, expected: Double) throws {
        let posted = try LabFHIR.submissions(try Self.decode(Self.transaction(unit: unit)))
        #expect(posted[0].submission.aatMilligramsPerDeciliter == expected)
    }

    @Test func aBundleThatCannotBePostedSaysWhereAndWhy() throws {
        #expect(throws: LabFHIR.Problem.unit(entry: 1, unit: "mmol/L")) {
            try LabFHIR.submissions(try Self.decode(Self.transaction(unit: "mmol/L")))
        }
        #expect(throws: LabFHIR.Problem.notATransaction) {
            try LabFHIR.submissions(try Self.decode(Self.transaction(type: "collection")))
        }
        // A kit number under another system is still found; no kit number at all is refused.
        #expect(try LabFHIR.submissions(try Self.decode(Self.transaction(kitSystem: "https://lab.example/kits"))).count == 1)
        let noKit = Self.transaction(kitSystem: "https://lab.example/samples")
            .replacingOccurrences(of: "FU-KIT-2025110701-2", with: "SAMPLE-7")
        #expect(throws: LabFHIR.Problem.noKit(entry: 0)) { try LabFHIR.submissions(try Self.decode(noKit)) }
        let dangling = Self.transaction().replacingOccurrences(of: "Observation/genotype-1", with: "Observation/elsewhere")
        #expect(throws: LabFHIR.Problem.missingObservation(entry: 0, reference: "Observation/elsewhere")) {
            try LabFHIR.submissions(try Self.decode(dangling))
        }
        let notPDF = Self.transaction().replacingOccurrences(of: "JVBERi0xLjcKJeLjz9MK", with: "aGVsbG8=")
        #expect(throws: LabFHIR.Problem.pdf(entry: 0)) { try LabFHIR.submissions(try Self.decode(notPDF)) }
        #expect(LabFHIR.Problem.unit(entry: 1, unit: "x").expression == "Bundle.entry[1].resource.valueQuantity")
    }

    @Test func resultsGoOutWithTheirCodesRangeAndFlag() throws {
        let owner = UserID(UUID())
        let result = LabResult(
            id: LabResultID(UUID()), owner: owner, kit: KitNumber(digits: "2025110701")!,
            testDate: LocalDate(iso8601: "2026-11-20")!, aat: AATLevel(milligramsPerDeciliter: 52), genotype: Genotype("ZZ"),
            reportedAt: Date(timeIntervalSince1970: 1_795_000_000), labNote: "Repeat in 3 months.")
        let bundle = LabFHIR.bundle(
            [result], person: LabFHIR.Person(id: owner.rawValue, name: "Ann", birthDate: "1990-04-21", gender: "female"),
            thresholds: AATThresholds(), at: Date(timeIntervalSince1970: 1_795_000_000))
        #expect(bundle.type == "collection")
        let resources = bundle.entry?.compactMap(\.resource) ?? []
        guard case .diagnosticReport(let report) = resources[1] else {
            Issue.record("the report follows the patient")
            return
        }
        #expect(report.identifier?.first?.value == "FU-KIT-2025110701-2" && report.conclusion == "Repeat in 3 months.")
        let observations = resources.compactMap { resource -> FHIR.Observation? in
            if case .observation(let observation) = resource { return observation }
            return nil
        }
        #expect(report.result?.map(\.reference) == observations.map { "urn:uuid:\($0.id ?? "")" })
        let level = try #require(observations.first { $0.code?.has(system: "http://loinc.org", code: "1825-9") == true })
        #expect(
            level.valueQuantity == FHIR.Quantity(value: 52, unit: "mg/dL", system: "http://unitsofmeasure.org", code: "mg/dL"))
        #expect(level.referenceRange?.first?.low?.value == 100 && level.referenceRange?.first?.high?.value == 200)
        #expect(level.interpretation?.first?.coding?.first?.code == "LL", "52 mg/dL is under the protective 57")
        let genotype = try #require(observations.first { $0.code?.has(system: "http://loinc.org", code: "84413-4") == true })
        #expect(genotype.valueCodeableConcept?.text == "ZZ")
        #expect(genotype.component?.first?.valueCodeableConcept?.coding?.first?.code == "HGNC:8941")
        // What goes out comes back in, as a lab's transaction would.
        var sent = bundle
        sent.type = "transaction"
        let back = try LabFHIR.submissions(sent)
        #expect(back.map(\.submission.aatMilligramsPerDeciliter) == [52] && back.map(\.submission.genotype) == ["ZZ"])
    }
}
