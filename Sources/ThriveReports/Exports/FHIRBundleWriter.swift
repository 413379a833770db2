import Foundation
import ThriveCore

/// `fhir/observations.json`: a FHIR R4 `Bundle` (type `collection`) with the person as a `Patient`
/// and every vital sign measured (heart rate, weight, oxygen saturation, …; see ``VitalSign``) as
/// an `Observation` with its LOINC code and UCUM unit, for a clinician's system to read. Written as
/// the samples stream past, never held whole.
final class FHIRBundleWriter {
    static let path = "fhir/observations.json"
    private let file: DeflatingFile
    private let patientReference: [UInt8]
    private(set) var observations = 0
    private static let types = Dictionary(uniqueKeysWithValues: QuantityType.allCases.map { ($0.shortName, $0) })
    private static let signs = Dictionary(
        uniqueKeysWithValues: QuantityType.allCases.compactMap { type in VitalSign.of(type).map { (type, $0) } })
    private var prefixes: [QuantityType: [UInt8]] = [:]

    /// The person as FHIR names them: their id on this server, name, birth date and sex where known.
    struct Patient {
        let id: UUID
        let name: String?
        let birthDate: String?
        let sex: String?
    }

    init(in folder: URL, patient: Patient, at time: Date) throws {
        file = try DeflatingFile(path: Self.path, in: folder)
        var reference: [UInt8] = []
        reference.append(contentsOf: #","subject":{"reference":"urn:uuid:"#.utf8)
        ExportText.appendUUID(patient.id, to: &reference)
        reference.append(contentsOf: #""}"#.utf8)
        patientReference = reference
        var out: [UInt8] = []
        out.append(contentsOf: #"{"resourceType":"Bundle","type":"collection","timestamp":""#.utf8)
        ExportText.appendTimestamp(time.timeIntervalSince1970, to: &out)
        out.append(contentsOf: "\",\"entry\":[\n{\"fullUrl\":\"urn:uuid:".utf8)
        ExportText.appendUUID(patient.id, to: &out)
        out.append(contentsOf: #"","resource":{"resourceType":"Patient","id":""#.utf8)
        ExportText.appendUUID(patient.id, to: &out)
        out.append(34)
        if let name = patient.name, !name.isEmpty {
            out.append(contentsOf: #","name":[{"text":"#.utf8)
            ExportText.appendJSONString(name, to: &out)
            out.append(contentsOf: "}]".utf8)
        }
        if let birthDate = patient.birthDate {
            out.append(contentsOf: #","birthDate":"#.utf8)
            ExportText.appendJSONString(birthDate, to: &out)
        }
        if let gender = patient.sex.flatMap(Self.gender) {
            out.append(contentsOf: #","gender":"#.utf8)
            ExportText.appendJSONString(gender, to: &out)
        }
        out.append(contentsOf: "}}".utf8)
        file.buffer.append(contentsOf: out)
        for (type, sign) in Self.signs {
            var prefix: [UInt8] = []
            prefix.append(
                contentsOf:
                    #""resourceType":"Observation","status":"final","category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"vital-signs","display":"Vital Signs"}]}],"code":{"coding":[{"system":"http://loinc.org","code":"#
                    .utf8)
            ExportText.appendJSONString(sign.loinc, to: &prefix)
            prefix.append(contentsOf: #","display":"#.utf8)
            ExportText.appendJSONString(sign.display, to: &prefix)
            prefix.append(contentsOf: #"}],"text":"#.utf8)
            ExportText.appendJSONString(sign.display, to: &prefix)
            prefix.append(contentsOf: "}".utf8)
            prefix.append(contentsOf: patientReference)
            prefixes[type] = prefix
        }
    }

    /// FHIR's administrative gender for Thrive's stored sex.
    private static func gender(_ sex: String) -> String? {
        ["female": "female", "male": "male", "other": "other"][sex]
    }

    /// Adds the sample as an Observation when it is a vital sign; other types are passed over.
    func add(id: UUID, storedType: String, value: Double, start: Double, end: Double, device: String?) throws {
        guard let type = Self.types[storedType], let sign = Self.signs[type], let prefix = prefixes[type] else { return }
        var out = file.takeBuffer()
        out.append(contentsOf: ",\n{\"fullUrl\":\"urn:uuid:".utf8)
        ExportText.appendUUID(id, to: &out)
        out.append(contentsOf: #"","resource":{"id":""#.utf8)
        ExportText.appendUUID(id, to: &out)
        out.append(contentsOf: "\",".utf8)
        out.append(contentsOf: prefix)
        if end > start {
            out.append(contentsOf: #","effectivePeriod":{"start":""#.utf8)
            ExportText.appendTimestamp(start, to: &out)
            out.append(contentsOf: #"","end":""#.utf8)
            ExportText.appendTimestamp(end, to: &out)
            out.append(contentsOf: "\"}".utf8)
        } else {
            out.append(contentsOf: #","effectiveDateTime":""#.utf8)
            ExportText.appendTimestamp(start, to: &out)
            out.append(34)
        }
        out.append(contentsOf: #","valueQuantity":{"value":"#.utf8)
        // To a millionth, so that 0.97 reads 97, not 97.00000000000001.
        ExportText.appendNumber((value * sign.factor * 1e6).rounded() / 1e6, to: &out)
        out.append(contentsOf: #","unit":"#.utf8)
        ExportText.appendJSONString(sign.unit, to: &out)
        out.append(contentsOf: #","system":"http://unitsofmeasure.org","code":"#.utf8)
        ExportText.appendJSONString(sign.unit, to: &out)
        out.append(125)
        if let device, !device.isEmpty {
            out.append(contentsOf: #","device":{"display":"#.utf8)
            ExportText.appendJSONString(device, to: &out)
            out.append(125)
        }
        out.append(contentsOf: "}}".utf8)
        file.buffer = out
        observations += 1
        try file.flushIfFull()
    }

    func finish() throws -> DeflatingFile.Entry {
        file.buffer.append(contentsOf: "\n]}\n".utf8)
        return try file.finish()
    }
}
