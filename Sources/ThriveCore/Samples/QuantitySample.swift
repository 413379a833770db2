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
            let what = Phrase.Value.phrase(Phrase("recordKind.\(type.shortName)"))
            // A fraction is not a percentage: "between 0.5 and 1 %" would send 95 in for 95 %.
            if type.canonicalUnit == .fraction {
                throw ValidationError(
                    field: "value",
                    Phrase(
                        "invalid.fraction",
                        ["what": what, "low": .decimal(range.lowerBound, digits: 1), "high": .integer(Int(range.upperBound))]))
            }
            throw ValidationError.range(
                "value", what, range.lowerBound, range.upperBound, unit: " \(type.canonicalUnit.rawValue)")
        }
        try SampleChecks.span(start: start, end: end)
        try SampleChecks.source(source)
        try SampleChecks.sync(sync)
        return self
    }
}

/// Checks shared by every record kind.
public enum SampleChecks {
    /// The oldest moment Thrive keeps a record of: 1 January 1900, UTC. Nobody alive has health
    /// data from before it, so an older date is a typing mistake (year 19 for 2019) that would
    /// otherwise sit unseen at the far end of every chart.
    public static let earliest = Date(timeIntervalSince1970: -2_208_988_800)

    /// Refuses a moment before ``earliest``, naming the field it came from.
    public static func notBeforeEarliest(_ time: Date, field: String) throws(ValidationError) {
        guard time >= earliest else { throw ValidationError.because(field, "beforeEarliest") }
    }

    static func span(start: Date, end: Date) throws(ValidationError) {
        try notBeforeEarliest(start, field: "start")
        guard end >= start else {
            throw ValidationError.because("end", "endBeforeStart")
        }
        guard end.timeIntervalSince(start) <= 31 * 86_400 else {
            throw ValidationError.because("end", "recordSpan")
        }
    }

    static func source(_ source: SampleSource) throws(ValidationError) {
        let name = source.name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 100 else {
            throw ValidationError.length("source.name", "sourceName", atMost: 100)
        }
    }

    static func sync(_ sync: SyncStamp?) throws(ValidationError) {
        guard let sync else { return }
        guard !sync.identifier.isEmpty, sync.identifier.count <= 200 else {
            throw ValidationError.length("syncIdentifier", "syncIdentifier", atMost: 200)
        }
        guard sync.version >= 1 else {
            throw ValidationError.because("syncVersion", "syncVersion")
        }
    }
}

extension Double {
    fileprivate func formatted() -> String {
        self == rounded() ? String(Int(self)) : String(self)
    }
}
