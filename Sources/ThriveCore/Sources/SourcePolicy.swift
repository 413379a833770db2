/// Which source's readings count when several report the same metric (spec 004, §11).
///
/// The person's preferred source for a metric wins. Otherwise the default order is: a wearable device
/// (watch, ring, band, chest strap), then any other device (phone, scale), then another app, then
/// what was typed into Thrive; ties go to the source with more readings that day. Per day exactly one
/// source is used for each metric, so steps or energy recorded by both a watch and a phone are never
/// counted twice.
public struct SourcePolicy: Hashable, Sendable, Codable {
    /// Preferred source name per metric identifier (`RecordKind.identifier`).
    public var preferred: [String: String]

    public init(preferred: [String: String] = [:]) {
        self.preferred = preferred
    }

    static let wearableWords = ["watch", "ring", "oura", "fitbit", "whoop", "garmin", "polar", "band", "strap", "wear"]

    /// Lower is better.
    public func rank(_ source: SampleSource, for metric: String) -> Int {
        if let choice = preferred[metric], choice.caseInsensitiveCompare(source.name) == .orderedSame { return 0 }
        switch source.kind {
        case .device:
            let name = source.name.lowercased()
            return Self.wearableWords.contains { name.contains($0) } ? 1 : 2
        case .app: return 3
        case .manual: return 4
        }
    }

    /// The winning source's value among `candidates`, or nil when there are none.
    public func pick<Value>(_ candidates: [SampleSource: Value], metric: String, weight: (Value) -> Int) -> (SampleSource, Value)?
    {
        candidates.min { lhs, rhs in
            let left = rank(lhs.key, for: metric)
            let right = rank(rhs.key, for: metric)
            if left != right { return left < right }
            let leftWeight = weight(lhs.value)
            let rightWeight = weight(rhs.value)
            if leftWeight != rightWeight { return leftWeight > rightWeight }
            return lhs.key.name < rhs.key.name
        }.map { ($0.key, $0.value) }
    }
}

extension DayMetrics {
    /// The day's aggregate for `type` from the winning source.
    public func quantity(_ type: QuantityType, policy: SourcePolicy) -> Aggregate? {
        guard let bySource = quantities[type] else { return nil }
        return policy.pick(bySource, metric: type.rawValue, weight: \.count)?.1
    }

    /// Last night's sleep from the winning source.
    public func sleep(policy: SourcePolicy) -> SleepNight? {
        policy.pick(sleep, metric: CategoryType.sleepAnalysis.rawValue, weight: { Int($0.asleepSeconds) })?.1
    }

    public func oxygen(policy: SourcePolicy) -> Aggregate? {
        policy.pick(nightOxygen, metric: QuantityType.oxygenSaturation.rawValue, weight: \.count)?.1
    }
}
