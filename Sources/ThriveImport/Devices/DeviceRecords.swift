import Foundation
import ThriveCore

/// What one pull read from a provider, as Thrive's samples. Each record's identity is its owner,
/// type, provider, start and end — not its value — so a day's steps pulled again at noon replace
/// the morning's count instead of adding to it (the sync version is the pull's time, and a newer
/// version replaces an older one).
public struct DeviceRecords: Sendable {
    public private(set) var quantities: [QuantitySample] = []
    public private(set) var categories: [CategorySample] = []
    let owner: UUID
    let source: SampleSource
    let version: Int

    public init(owner: UserID, provider: DeviceProvider, pulledAt: Date) {
        self.owner = owner.rawValue
        source = provider.source
        version = Int(pulledAt.timeIntervalSince1970)
    }

    public var count: Int { quantities.count + categories.count }

    /// Adds a reading in the type's canonical unit; one a body cannot produce is left out (a
    /// provider's 0 bpm for "no reading").
    mutating func add(_ type: QuantityType, _ value: Double, start: Date, end: Date? = nil) {
        let end = end ?? start
        guard value.isFinite, type.plausibleRange.contains(value), end >= start else { return }
        let identity = RecordIdentity(owner: owner, type: type.rawValue, source: source, start: start, end: end, value: 0)
        quantities.append(
            QuantitySample(
                id: SampleID(identity.rowID), type: type, value: value, start: start, end: end, source: source,
                sync: SyncStamp(identifier: identity.syncIdentifier("dev:"), version: version)))
    }

    mutating func add(_ stage: SleepStage, start: Date, end: Date) {
        guard end > start else { return }
        let type = CategoryType.sleepAnalysis
        let identity = RecordIdentity(owner: owner, type: type.rawValue, source: source, start: start, end: end, value: 0)
        categories.append(
            CategorySample(
                id: CategorySampleID(identity.rowID), type: type, value: stage.rawValue, start: start, end: end, source: source,
                sync: SyncStamp(identifier: identity.syncIdentifier("dev:"), version: version)))
    }

    /// Two readings a provider reports for the same type and moment (Withings' spot pulse and its
    /// minute series) are one record: the last read wins, as a second pull would replace it.
    public mutating func removeDuplicates() {
        var seen = Set<SampleID>()
        quantities = quantities.reversed().filter { seen.insert($0.id).inserted }.reversed()
        var seenCategories = Set<CategorySampleID>()
        categories = categories.reversed().filter { seenCategories.insert($0.id).inserted }.reversed()
    }

    mutating func append(_ other: DeviceRecords) {
        quantities += other.quantities
        categories += other.categories
    }
}

/// Reads one provider's data API for a window of time.
public protocol DeviceReader: Sendable {
    func read(_ window: DateInterval, zone: TimeZone, into records: inout DeviceRecords, api: ProviderAPI)
        async throws(ProviderError)
}

public enum DeviceReaders {
    public static func reader(for provider: DeviceProvider) -> any DeviceReader {
        switch provider {
        case .fitbit: FitbitReader()
        case .oura: OuraReader()
        case .withings: WithingsReader()
        case .googleFit: GoogleFitReader()
        case .whoop: WhoopReader()
        }
    }
}

extension DeviceRecords {
    /// An empty set with the same owner, source and version, for reading parts at once.
    init(sharing other: DeviceRecords) {
        owner = other.owner
        source = other.source
        version = other.version
    }
}
