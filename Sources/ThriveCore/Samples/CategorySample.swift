import Foundation

/// A state over a time span: a sleep stage, a mindful session.
public struct CategorySample: Hashable, Sendable, Codable, Identifiable {
    public let id: CategorySampleID
    public let type: CategoryType
    /// HealthKit's raw category value (for sleep, a ``SleepStage`` raw value).
    public let value: Int
    public let start: Date
    public let end: Date
    public let source: SampleSource
    public let sync: SyncStamp?
    /// How well the person says they slept, 1–5: Thrive's own addition for sleep logged by hand
    /// (HealthKit has no such value); nil from devices.
    public let quality: Int?

    public init(
        id: CategorySampleID, type: CategoryType, value: Int, start: Date, end: Date,
        source: SampleSource, sync: SyncStamp? = nil, quality: Int? = nil
    ) {
        self.id = id
        self.type = type
        self.value = value
        self.start = start
        self.end = end
        self.source = source
        self.sync = sync
        self.quality = quality
    }

    public func validated() throws(ValidationError) -> CategorySample {
        guard type.allowedValues.contains(value) else {
            throw ValidationError.range(
                "value", .phrase(Phrase("recordKind.\(type.shortName)")), Double(type.allowedValues.lowerBound),
                Double(type.allowedValues.upperBound)
            )
        }
        if let quality, !(1...5).contains(quality) {
            throw ValidationError.wholeNumber("quality", "sleepQuality", 1, 5)
        }
        try SampleChecks.span(start: start, end: end)
        try SampleChecks.source(source)
        try SampleChecks.sync(sync)
        return self
    }
}
