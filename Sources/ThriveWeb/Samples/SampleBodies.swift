import Foundation
import ThriveCore

/// The JSON shapes of samples in the API. Values are in the type's canonical unit; `unit`, when
/// sent, must name that unit, so a client cannot store pounds as kilograms by mistake.
///
/// A source's `kind` is shown in listings but never taken from an upload: the server decides it
/// from how the data arrived (see ``SamplesAPIController``), since the safety rules trust a device's
/// reading more than anything typed or relayed (an irregular rhythm counts only from a device).
struct SourceBody: Codable, Sendable {
    let name: String
    let kind: SampleSource.Kind?
}

struct QuantitySampleBody: Codable, Sendable {
    var id: SampleID?
    let type: String
    let value: Double
    let unit: String?
    let start: Date
    let end: Date?
    let source: SourceBody
    let syncIdentifier: String
    let syncVersion: Int?

    init(_ sample: QuantitySample) {
        id = sample.id
        type = sample.type.rawValue
        value = sample.value
        unit = sample.type.canonicalUnit.rawValue
        start = sample.start
        end = sample.end
        source = SourceBody(name: sample.source.name, kind: sample.source.kind)
        syncIdentifier = sample.sync?.identifier ?? sample.id.description
        syncVersion = sample.sync?.version ?? 1
    }

    /// The sample as stored, its source of the kind the server decided (`arrived`).
    func sample(id: SampleID, arrived: SampleSource.Kind) throws(ValidationError) -> QuantitySample {
        guard let type = QuantityType(rawValue: type) else {
            throw ValidationError(
                field: "type",
                message: t("api.quantityTypeUnknown", ["name": self.type, "example": QuantityType.heartRate.rawValue])
            )
        }
        if let unit, unit != type.canonicalUnit.rawValue {
            throw ValidationError(
                field: "unit",
                message: t("api.unit", ["type": type.title.lowercased(), "unit": type.canonicalUnit.rawValue, "sent": unit]))
        }
        return try QuantitySample(
            id: id, type: type, value: value, start: start, end: end ?? start,
            source: SampleSource(name: source.name, kind: arrived),
            sync: SyncStamp(identifier: syncIdentifier, version: syncVersion ?? 1)
        ).validated()
    }
}

struct CategorySampleBody: Codable, Sendable {
    var id: CategorySampleID?
    let type: String
    let value: Int
    let start: Date
    let end: Date
    let source: SourceBody
    let syncIdentifier: String
    let syncVersion: Int?

    init(_ sample: CategorySample) {
        id = sample.id
        type = sample.type.rawValue
        value = sample.value
        start = sample.start
        end = sample.end
        source = SourceBody(name: sample.source.name, kind: sample.source.kind)
        syncIdentifier = sample.sync?.identifier ?? sample.id.description
        syncVersion = sample.sync?.version ?? 1
    }

    func sample(id: CategorySampleID, arrived: SampleSource.Kind) throws(ValidationError) -> CategorySample {
        guard let type = CategoryType(rawValue: type) else {
            throw ValidationError(
                field: "type",
                message: t("api.categoryTypeUnknown", ["name": self.type, "example": CategoryType.sleepAnalysis.rawValue]))
        }
        return try CategorySample(
            id: id, type: type, value: value, start: start, end: end,
            source: SampleSource(name: source.name, kind: arrived),
            sync: SyncStamp(identifier: syncIdentifier, version: syncVersion ?? 1)
        ).validated()
    }
}

extension ValidationError {
    /// The same error, its field placed inside a list item (`quantitySamples[3].value`).
    func inside(_ prefix: String) -> ValidationError {
        ValidationError(field: "\(prefix).\(field)", message: "\(prefix): \(message)")
    }
}
