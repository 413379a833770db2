import Foundation

/// A state over a time span: a sleep stage, a mindful session.
public struct CategorySample: Hashable, Sendable, Identifiable {
    public let id: CategorySampleID
    public let type: CategoryType
    /// HealthKit's raw category value (for sleep, a ``SleepStage`` raw value).
    public let value: Int
    public let start: Date
    public let end: Date
    public let source: SampleSource
    public let sync: SyncStamp?

    public init(
        id: CategorySampleID, type: CategoryType, value: Int, start: Date, end: Date,
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

    public func validated() throws(ValidationError) -> CategorySample {
        guard type.allowedValues.contains(value) else {
            throw ValidationError(
                field: "value",
                message:
                    "\(type.displayName) values must be between \(type.allowedValues.lowerBound) and \(type.allowedValues.upperBound)."
            )
        }
        try SampleChecks.span(start: start, end: end)
        try SampleChecks.source(source)
        try SampleChecks.sync(sync)
        return self
    }
}
