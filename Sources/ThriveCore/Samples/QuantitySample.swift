import Foundation

/// One measured value over a time span (a heart-rate reading, an hour of steps, a weigh-in).
public struct QuantitySample: Hashable, Sendable, Codable, Identifiable {
    public let id: SampleID
    public let type: QuantityType
    /// In the type's canonical unit.
    public let value: Double
    public let start: Date
    public let end: Date
    public let source: SampleSource
    public let sync: SyncStamp?

    public init(
        id: SampleID, type: QuantityType, value: Double, start: Date, end: Date,
        source: SampleSource, sync: SyncStamp? = nil
    ) {
        self.id = id
        self.type = type
        self.value = value
        self.start = start
        self.end = end
        self.source = source
        self.sync = sync
    }

    /// Refuses values a body or device cannot produce and spans that end before they start.
    public func validated() throws(ValidationError) -> QuantitySample {
        guard value.isFinite, type.plausibleRange.contains(value) else {
            let range = type.plausibleRange
            throw ValidationError(
                field: "value",
                message:
                    "\(type.displayName) must be between \(range.lowerBound.formatted()) and \(range.upperBound.formatted()) \(type.canonicalUnit.rawValue)."
            )
        }
        try SampleChecks.span(start: start, end: end)
        try SampleChecks.source(source)
        try SampleChecks.sync(sync)
        return self
    }
}

/// Checks shared by every record kind.
enum SampleChecks {
    static func span(start: Date, end: Date) throws(ValidationError) {
        guard end >= start else {
            throw ValidationError(field: "end", message: "The end time must not be before the start time.")
        }
        guard end.timeIntervalSince(start) <= 31 * 86_400 else {
            throw ValidationError(field: "end", message: "A single record can span at most 31 days.")
        }
    }

    static func source(_ source: SampleSource) throws(ValidationError) {
        let name = source.name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 100 else {
            throw ValidationError(field: "source.name", message: "Source name must be 1 to 100 characters.")
        }
    }

    static func sync(_ sync: SyncStamp?) throws(ValidationError) {
        guard let sync else { return }
        guard !sync.identifier.isEmpty, sync.identifier.count <= 200 else {
            throw ValidationError(field: "syncIdentifier", message: "syncIdentifier must be 1 to 200 characters.")
        }
        guard sync.version >= 1 else {
            throw ValidationError(field: "syncVersion", message: "syncVersion must be 1 or more.")
        }
    }
}

extension Double {
    fileprivate func formatted() -> String {
        self == rounded() ? String(Int(self)) : String(self)
    }
}
