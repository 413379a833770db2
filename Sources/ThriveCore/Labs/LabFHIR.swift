import Foundation

/// Lab results as FHIR R4, both ways.
///
/// Out: a `collection` Bundle with the person as a `Patient` and, per result, a `DiagnosticReport`
/// (the kit number as its identifier, the lab's note as its conclusion) with its `Observation`s:
/// the AAT level as LOINC 1825-9 "Alpha 1 antitrypsin [Mass/volume] in Serum or Plasma" in UCUM
/// mg/dL with the normal range and an HL7 interpretation flag, and the genotype as LOINC 84413-4
/// "Genotype display name" with the gene studied (LOINC 48018-6) SERPINA1, HGNC:8941 — the shape
/// of HL7's genomics reporting guide.
///
/// In: a lab's `transaction` Bundle of `DiagnosticReport`s, each naming its kit in an identifier
/// and pointing at its `Observation`s in the same Bundle; the AAT level in mg/dL, g/L or µmol/L,
/// the genotype as a coded or text value, a PDF in `presentedForm`.
public enum LabFHIR {
    static let aat = FHIR.Coding(
        system: FHIR.loinc, code: "1825-9", display: "Alpha 1 antitrypsin [Mass/volume] in Serum or Plasma")
    static let genotype = FHIR.Coding(system: FHIR.loinc, code: "84413-4", display: "Genotype display name")
    static let geneStudied = FHIR.Coding(system: FHIR.loinc, code: "48018-6", display: "Gene studied [ID]")
    static let serpina1 = FHIR.Coding(system: "http://www.genenames.org/geneId", code: "HGNC:8941", display: "SERPINA1")
    static let laboratory = FHIR.CodeableConcept(coding: [
        FHIR.Coding(
            system: "http://terminology.hl7.org/CodeSystem/observation-category", code: "laboratory",
            display: "Laboratory")
    ])
    static let labSection = FHIR.CodeableConcept(coding: [
        FHIR.Coding(system: "http://terminology.hl7.org/CodeSystem/v2-0074", code: "LAB", display: "Laboratory")
    ])
    static let interpretationSystem = "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation"
    /// The identifier system of a kit number on a DiagnosticReport.
    public static let kitSystem = "urn:thrive:test-kit"

    /// Who the results are about.
    public struct Person: Sendable {
        public let id: UUID
        public let name: String?
        public let birthDate: String?
        public let gender: String?

        public init(id: UUID, name: String?, birthDate: String?, gender: String?) {
            self.id = id
            self.name = name
            self.birthDate = birthDate
            self.gender = gender
        }
    }

    // MARK: Out

    public static func bundle(
        _ results: [LabResult], person: Person, thresholds: AATThresholds, at time: Date
    ) -> FHIR.Bundle {
        let patientID = person.id.uuidString.lowercased()
        let subject = FHIR.Reference(reference: "urn:uuid:\(patientID)")
        var entries = [
            FHIR.BundleEntry(
                fullUrl: "urn:uuid:\(patientID)",
                resource: .patient(
                    FHIR.Patient(
                        id: patientID, name: person.name.map { [FHIR.HumanName(text: $0)] }, birthDate: person.birthDate,
                        gender: person.gender)))
        ]
        for result in results {
            var observations: [FHIR.Observation] = []
            if let level = result.aat {
                var observation = observation(result, id: derivedID(result.id, 1), code: aat, subject: subject)
                observation.valueQuantity = mgdL(level.reported)
                observation.referenceRange = [
                    FHIR.ReferenceRange(low: mgdL(thresholds.normalLow), high: mgdL(thresholds.normalHigh))
                ]
                observation.interpretation = [interpretation(AATBand(level, thresholds))]
                observations.append(observation)
            }
            if let type = result.genotype {
                var observation = observation(result, id: derivedID(result.id, 2), code: genotype, subject: subject)
                observation.valueCodeableConcept = FHIR.CodeableConcept(text: type.text)
                observation.component = [
                    FHIR.ObservationComponent(
                        code: FHIR.CodeableConcept(coding: [geneStudied]),
                        valueCodeableConcept: FHIR.CodeableConcept(coding: [serpina1]))
                ]
                observations.append(observation)
            }
            var report = FHIR.DiagnosticReport(
                id: result.id.rawValue.uuidString.lowercased(), status: "final",
                code: FHIR.CodeableConcept(coding: [aat], text: "Alpha-1 antitrypsin test"))
            report.identifier = [FHIR.Identifier(system: kitSystem, value: result.kit.description)]
            report.category = [labSection]
            report.subject = subject
            report.effectiveDateTime = result.testDate.iso8601
            report.issued = FHIR.instant(result.reportedAt)
            report.result = observations.map { FHIR.Reference(reference: "urn:uuid:\($0.id ?? "")") }
            report.conclusion = result.labNote
            entries.append(FHIR.BundleEntry(fullUrl: "urn:uuid:\(report.id ?? "")", resource: .diagnosticReport(report)))
            entries += observations.map { FHIR.BundleEntry(fullUrl: "urn:uuid:\($0.id ?? "")", resource: .observation($0)) }
        }
        return FHIR.Bundle(type: "collection", timestamp: FHIR.instant(time), entry: entries)
    }

    private static func observation(
        _ result: LabResult, id: String, code: FHIR.Coding, subject: FHIR.Reference
    ) -> FHIR.Observation {
        var observation = FHIR.Observation(id: id, status: "final", code: FHIR.CodeableConcept(coding: [code]))
        observation.category = [laboratory]
        observation.subject = subject
        observation.effectiveDateTime = result.testDate.iso8601
        observation.issued = FHIR.instant(result.reportedAt)
        return observation
    }

    private static func mgdL(_ value: Double) -> FHIR.Quantity {
        FHIR.Quantity(value: value, unit: "mg/dL", system: FHIR.ucum, code: "mg/dL")
    }

    /// HL7's flags: HH critically high, H high, N normal, L low, LL critically low.
    static func interpretation(_ band: AATBand) -> FHIR.CodeableConcept {
        let (code, display) =
            switch band {
            case .criticalHigh: ("HH", "Critical high")
            case .aboveNormal: ("H", "High")
            case .normal: ("N", "Normal")
            case .belowNormal: ("L", "Low")
            case .belowProtective: ("LL", "Critical low")
            }
        return FHIR.CodeableConcept(coding: [FHIR.Coding(system: interpretationSystem, code: code, display: display)])
    }

    /// A UUID of its own for each observation of a result, the same on every export: the result's
    /// id with its first byte changed.
    static func derivedID(_ id: LabResultID, _ salt: UInt8) -> String {
        var bytes = id.rawValue.uuid
        bytes.0 ^= salt
        return UUID(uuid: bytes).uuidString.lowercased()
    }

    // MARK: In

    /// One result read from a lab's Bundle, and the Bundle entry it came from.
    public struct Posted: Sendable, Hashable {
        public let submission: LabResultSubmission
        public let report: Data?
        public let fullUrl: String?
    }

    /// Why a lab's Bundle cannot be read; `entry` counts from 0 as FHIRPath does.
    public enum Problem: Error, Sendable, Equatable {
        case notATransaction
        case noReports
        case noKit(entry: Int)
        case noDate(entry: Int)
        case missingObservation(entry: Int, reference: String)
        case unit(entry: Int, unit: String)
        case pdf(entry: Int)

        /// The element at fault, as a FHIRPath expression.
        public var expression: String {
            switch self {
            case .notATransaction: "Bundle.type"
            case .noReports: "Bundle.entry"
            case .noKit(let entry): "Bundle.entry[\(entry)].resource.identifier"
            case .noDate(let entry): "Bundle.entry[\(entry)].resource.effectiveDateTime"
            case .missingObservation(let entry, _): "Bundle.entry[\(entry)].resource.result"
            case .unit(let entry, _): "Bundle.entry[\(entry)].resource.valueQuantity"
            case .pdf(let entry): "Bundle.entry[\(entry)].resource.presentedForm"
            }
        }

        public var phrase: Phrase {
            switch self {
            case .notATransaction: Phrase("labs.fhir.notATransaction")
            case .noReports: Phrase("labs.fhir.noReports")
            case .noKit(let entry): Phrase("labs.fhir.noKit", ["entry": .integer(entry)])
            case .noDate(let entry): Phrase("labs.fhir.noDate", ["entry": .integer(entry)])
            case .missingObservation(let entry, let reference):
                Phrase("labs.fhir.missingObservation", ["entry": .integer(entry), "reference": .text(reference)])
            case .unit(let entry, let unit): Phrase("labs.fhir.unit", ["entry": .integer(entry), "unit": .text(unit)])
            case .pdf(let entry): Phrase("labs.fhir.pdf", ["entry": .integer(entry)])
            }
        }
    }

    /// The results a lab's transaction Bundle posts, in the order of its DiagnosticReports.
    public static func submissions(_ bundle: FHIR.Bundle) throws(Problem) -> [Posted] {
        guard bundle.type == "transaction" else { throw .notATransaction }
        let entries = bundle.entry ?? []
        var observations: [String: (Int, FHIR.Observation)] = [:]
        for (index, entry) in entries.enumerated() {
            guard case .observation(let observation) = entry.resource else { continue }
            if let fullUrl = entry.fullUrl { observations[fullUrl] = (index, observation) }
            if let id = observation.id { observations["Observation/\(id)"] = (index, observation) }
        }
        var posted: [Posted] = []
        for (index, entry) in entries.enumerated() {
            guard case .diagnosticReport(let report) = entry.resource else { continue }
            guard
                let kit = report.identifier?.first(where: { $0.system == kitSystem })?.value
                    ?? report.identifier?.compactMap(\.value).first(where: { KitNumber($0) != nil })
            else { throw .noKit(entry: index) }
            var level: Double?
            var genotypeText: String?
            var date = report.effectiveDateTime.map { String($0.prefix(10)) }
            for reference in report.result ?? [] {
                let key = reference.reference ?? ""
                guard let (observationIndex, observation) = observations[key] else {
                    throw .missingObservation(entry: index, reference: key)
                }
                date = date ?? observation.effectiveDateTime.map { String($0.prefix(10)) }
                if observation.code?.has(system: FHIR.loinc, code: aat.code!) == true, let quantity = observation.valueQuantity {
                    level = try milligramsPerDeciliter(quantity, entry: observationIndex)
                } else if observation.code?.has(system: FHIR.loinc, code: genotype.code!) == true {
                    let value = observation.valueCodeableConcept
                    genotypeText =
                        value?.text ?? value?.coding?.first?.display ?? value?.coding?.first?.code ?? observation.valueString
                }
            }
            guard let date else { throw .noDate(entry: index) }
            var pdf: Data?
            if let form = report.presentedForm?.first(where: { $0.contentType == "application/pdf" }) {
                guard let data = form.data.flatMap({ Data(base64Encoded: $0) }), LabResult.isReport(data) else {
                    throw .pdf(entry: index)
                }
                pdf = data
            }
            posted.append(
                Posted(
                    submission: LabResultSubmission(
                        kit: kit, testDate: date, aatMilligramsPerDeciliter: level, genotype: genotypeText,
                        labNote: report.conclusion),
                    report: pdf, fullUrl: entry.fullUrl))
        }
        guard !posted.isEmpty else { throw .noReports }
        return posted
    }

    /// The level in mg/dL from mg/dL, g/L (× 100) or µmol/L (× 52,000 g/mol ÷ 10,000).
    static func milligramsPerDeciliter(_ quantity: FHIR.Quantity, entry: Int) throws(Problem) -> Double? {
        guard let value = quantity.value else { return nil }
        let unit = quantity.code ?? quantity.unit ?? ""
        switch unit {
        case "mg/dL": return value
        case "g/L": return value * 100
        case "umol/L", "µmol/L", "µM", "uM": return AATLevel(micromolar: value).milligramsPerDeciliter
        default: throw .unit(entry: entry, unit: unit)
        }
    }
}
