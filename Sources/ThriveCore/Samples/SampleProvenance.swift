/// Where a record came from: the device or app that measured it, or the person typing it in.
/// Kept on every record so that a preferred source can win when two report the same metric.
public struct SampleSource: Hashable, Sendable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A sensor: a watch, ring, scale, chest strap.
        case device
        /// Another app that exported the data.
        case app
        /// Typed in by the person in Thrive.
        case manual
    }

    public let name: String
    public let kind: Kind

    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    public static let manualEntry = SampleSource(name: "Thrive", kind: .manual)
}

/// Identity for idempotent imports and sync (as LoopKit does): the same `syncIdentifier` arriving
/// again replaces the stored record only when its `syncVersion` is newer.
public struct SyncStamp: Hashable, Sendable, Codable {
    public let identifier: String
    public let version: Int

    public init(identifier: String, version: Int = 1) {
        self.identifier = identifier
        self.version = version
    }
}
